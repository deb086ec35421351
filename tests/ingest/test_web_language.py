"""Languages of non-English pages: named in a warning, never a silent "und"."""

from __future__ import annotations

import pytest

from corroborate.ingest.language import detect_language
from tests.ingest.helpers import codes, load, only_article, write

# Short sentences written for these tests (greetings and weather talk), repeated.
KOREAN = "오늘 날씨가 정말 좋습니다. 우리는 공원에서 산책을 했습니다. " * 4
RUSSIAN = "Сегодня хорошая погода. Мы гуляли в парке и были рады этому. " * 4
JAPANESE = "今日はとても良い天気です。私たちは公園を散歩しました。" * 4
INDONESIAN = "Hari ini cuaca sangat baik dan kami berjalan di taman yang indah itu dengan teman untuk pagi ini. " * 3
UKRAINIAN = "Сьогодні гарна погода. Ми гуляли в парку і були раді цьому. " * 4


@pytest.mark.parametrize(("text", "code"), [(KOREAN, "ko"), (RUSSIAN, "ru"), (JAPANESE, "ja"), (INDONESIAN, "id")])
def test_korean_russian_japanese_indonesian_are_named(text, code):
    assert detect_language(text) == code


def test_english_stays_english():
    assert detect_language("The ferry dock on Pine Street closed on Monday after inspectors found rot in the pilings.") == "en"


@pytest.mark.parametrize(("text", "code"), [(KOREAN, "ko"), (JAPANESE, "ja")])
def test_non_english_text_file_warns_naming_the_language(tmp_path, registry, text, code):
    result = load([write(tmp_path / "a.txt", text)], registry)
    assert only_article(result).language == code
    assert "not_english" in codes(result)
    assert repr(code) in next(w.message for w in result.warnings if w.code == "not_english")


def test_cyrillic_without_russian_letters_warns_not_english(tmp_path, registry):
    result = load([write(tmp_path / "a.txt", UKRAINIAN)], registry)
    assert only_article(result).language == "und"
    assert "Cyrillic" in next(w.message for w in result.warnings if w.code == "not_english")
