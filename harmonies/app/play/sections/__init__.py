"""The play screen's sections, each drawing one part of the table."""
