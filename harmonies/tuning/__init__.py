"""Offline tuning of the computer players (``scripts/tune``, ``scripts/value``): self-play measurements
that write the data files the players read (``harmonies/ai/weights.yaml``,
``harmonies/ai/card_prior.yaml``), and the learned leaf value the shipped players do not use
(``leaf_value.py``, its weights in ``value.yaml`` here).

The game never imports this package, and the packaged app leaves it out (``build/harmonies.spec``):
it only reads the files these tools write.
"""
