"""Language guess from function words; non-English articles load with a warning."""

from __future__ import annotations

import pytest

from corroborate.ingest.language import detect_language
from tests.ingest.helpers import codes, load, only_article, write

SAMPLES = {
    "en": "The mayor said on Tuesday that the bridge would stay closed for at least a week while engineers check the beams.",
    "es": "El alcalde dijo el martes que el puente seguirá cerrado por lo menos una semana mientras los ingenieros revisan las vigas.",
    "fr": "Le maire a dit mardi que le pont restera fermé pendant au moins une semaine pour que les ingénieurs vérifient les poutres.",
    "de": "Der Bürgermeister sagte am Dienstag, dass die Brücke mindestens eine Woche gesperrt bleibt, weil die Ingenieure die Träger prüfen.",
    "it": "Il sindaco ha detto martedì che il ponte resterà chiuso per almeno una settimana mentre gli ingegneri controllano le travi.",
    "pt": "O prefeito disse na terça-feira que a ponte vai ficar fechada por pelo menos uma semana enquanto os engenheiros verificam as vigas.",
    "nl": "De burgemeester zei dinsdag dat de brug minstens een week dicht blijft terwijl de ingenieurs de balken controleren.",
}


@pytest.mark.parametrize(("code", "text"), SAMPLES.items())
def test_detect_language(code, text):
    assert detect_language(text) == code


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Bridge closed today",
        "Dock shut.",
        "12 34 56 78 90 11 12",
        "Bridge beams cracked steel concrete lanes traffic crews engineers inspection",
        "def main(): return x + y * z",
    ],
)
def test_too_little_evidence_is_und(text):
    assert detect_language(text) == "und"


def test_upper_case_text_is_still_english():
    assert detect_language(SAMPLES["en"].upper()) == "en"


def test_only_the_sample_is_read():
    text = SAMPLES["es"] + " " + SAMPLES["en"] * 20
    assert detect_language(text, sample_chars=len(SAMPLES["es"])) == "es"
    assert detect_language(text) == "en"


def test_spanish_article_loads_with_a_not_english_warning(tmp_path, registry):
    path = write(tmp_path / "puente.txt", SAMPLES["es"] + "\n")
    result = load([path], registry)
    article = only_article(result)
    assert article.language == "es"
    assert article.text == SAMPLES["es"] + "\n"
    assert codes(result) == ["not_english"]
    assert result.warnings[0].source == str(path)
    assert "'es'" in result.warnings[0].message


def test_english_and_undetermined_articles_have_no_language_warning(tmp_path, registry):
    result = load([write(tmp_path / "en.txt", SAMPLES["en"]), write(tmp_path / "und.txt", "Dock shut.")], registry)
    assert [a.language for a in result.articles] == ["en", "und"]
    assert codes(result) == []


def test_declared_language_is_trusted(tmp_path, registry):
    path = write(tmp_path / "decl.txt", f"---\nlanguage: en\n---\n{SAMPLES['fr']}\n")
    result = load([path], registry)
    assert only_article(result).language == "en"
    assert codes(result) == []


def test_declared_non_english_language_warns(tmp_path, registry):
    path = write(tmp_path / "decl.txt", f"---\nlanguage: de\n---\n{SAMPLES['en']}\n")
    result = load([path], registry)
    assert only_article(result).language == "de"
    assert codes(result) == ["not_english"]
