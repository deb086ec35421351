"""A first line ending in "." can be a headline (the title only: the line stays body)."""

from __future__ import annotations

from corroborate.ingest.readers import headline_with_stop


def test_tara_reid_checks_into_rehab_with_a_stop_is_a_headline() -> None:
    assert headline_with_stop("Tara Reid Checks Into Rehab.\nThe actress entered a clinic on Tuesday.") == (
        "Tara Reid Checks Into Rehab."
    )


def test_lead_sentence_in_sentence_case_is_no_headline() -> None:
    text = "A huge fire has destroyed the hardware store in the High Street.\n\nFirefighters fought it all night."
    assert headline_with_stop(text) is None


def test_lead_sentence_with_one_lowercase_verb_is_no_headline() -> None:
    assert headline_with_stop("Voting for MPs to Majlis began in Turkmenistan on Dec.14.\n\nA total of 288 ran.") is None


def test_headline_alone_without_a_body_is_no_headline() -> None:
    assert headline_with_stop("Tara Reid Checks Into Rehab.") is None


def test_long_title_cased_line_is_no_headline() -> None:
    line = "Mayor Ann Lee Says The City Will Close The Harbour Bridge For Six Weeks Of Repairs Starting In March Next Year."
    assert headline_with_stop(line + "\n\nBody.") is None
