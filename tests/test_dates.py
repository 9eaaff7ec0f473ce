"""Dates worded by Babel in the five languages, and the locale data the bundle must keep for them."""

from __future__ import annotations

import shutil
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import babel.localedata
import pytest

from harmonies import dates
from harmonies.catalogue import available_languages

DAY = date(2026, 11, 26)  # a Thursday


def test_english_dates_put_the_day_before_the_month() -> None:
    assert dates.long_date("en", DAY) == "Thursday, 26 November 2026"
    assert dates.short_date("en", DAY) == "26 Nov"
    assert dates.month_title("en", 2026, 11) == "November 2026"


@pytest.mark.parametrize("language,long,weekdays", [
    ("fr", "jeudi 26 novembre 2026", "lun."),
    ("es", "jueves, 26 de noviembre de 2026", "lun"),
    ("it", "giovedì 26 novembre 2026", "lun"),
    ("ja", "2026年11月26日木曜日", "月"),
])
def test_each_language_has_its_own_words(language: str, long: str, weekdays: str) -> None:
    assert dates.long_date(language, DAY) == long
    assert dates.weekday_names(language)[0] == weekdays


def test_the_weekdays_start_on_monday() -> None:
    assert dates.weekday_names("en") == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def test_a_moment_is_shown_on_the_local_clock() -> None:
    moment = datetime(2026, 11, 26, 20, 5, tzinfo=timezone(timedelta(hours=3)))
    local = moment.astimezone()
    assert dates.day_and_time("en", moment) == (f"{local.day} Nov 2026", f"{local:%H:%M}")
    assert dates.day_and_time("ja", datetime(2026, 1, 2, 8, 5)) == ("2026/01/02", "8:05")


def test_a_language_babel_does_not_know_gets_english_dates() -> None:
    assert dates.long_date("xx", DAY) == dates.long_date("en", DAY)


def test_the_chain_of_a_locale_ends_at_root() -> None:
    assert dates.locale_chain("en_GB") == ["en_GB", "en_001", "en", "root"]
    assert dates.locale_chain("ja") == ["ja", "root"]


def test_the_locale_data_the_bundle_keeps_words_every_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # build/harmonies.spec keeps the catalogues' languages, root, and the chains of dates.LOCALES.
    kept = set(available_languages()) | {"root"}
    kept |= {name for shown in dates.LOCALES.values() for name in dates.locale_chain(shown)}
    for data in Path(babel.localedata._dirname).glob("*.dat"):
        if data.stem in kept:
            shutil.copy(data, tmp_path / data.name)
    monkeypatch.setattr(babel.localedata, "_dirname", str(tmp_path))
    monkeypatch.setattr(babel.localedata, "_cache", {})
    dates._locale.cache_clear()
    try:
        for language in available_languages():
            assert dates.long_date(language, DAY) and dates.day_and_time(language, datetime(2026, 9, 28, 8, 5))
            assert len(set(dates.weekday_names(language))) == 7
    finally:
        dates._locale.cache_clear()
