"""Who speaks through a court filing, a watchdog, an office and a company named only once,
on real parses of our own sentences."""

from __future__ import annotations

import pytest

from tests.nlp.helpers import extraction_of

pytestmark = pytest.mark.model


def _speakers(text: str, words: str, nlp, registry) -> list[tuple[str | None, str | None]]:  # type: ignore[no-untyped-def]
    return [(q.speaker.name, q.speaker.represents) for q in extraction_of(text, nlp, registry).quotes if words in q.text]


@pytest.mark.parametrize(
    ("text", "words", "name"),
    [
        pytest.param(
            "The Brandel Tenants Union filed a lawsuit Tuesday in federal court to stop the evictions. The suit claims "
            "the county wrongly removed eligible families.",
            "wrongly removed",
            "Brandel Tenants Union",
            id="the suit is the lawsuit its filer filed",
        ),
        pytest.param(
            "The Ostrander Health Network sued the state on Monday. \u201cThe state cut people off without notice,\u201d "
            "the lawsuit states.",
            "cut people off",
            "Ostrander Health Network",
            id="the lawsuit is the one who sued",
        ),
        pytest.param(
            "The Open Records Foundation asked the Senate Ethics Committee on Monday to open an inquiry. The watchdog "
            "estimates that the senator earned about $33,000 from the sales.",
            "earned about",
            "Open Records Foundation",
            id="the watchdog is the group named before",
        ),
        pytest.param(
            "The city hired a shelter operator last month. Corrin Shelter Services set aside 40 beds for people leaving "
            "Mill Pond, the company said in a statement.",
            "set aside",
            "Corrin Shelter Services",
            id="the company is the one its own words name",
        ),
        pytest.param(
            "The state hired Brisco Data to check the rolls, as the Harlow Courier first reported. The company said in a "
            "statement that it had \u201cdone the work the state paid for.\u201d",
            "done the work",
            "Brisco Data",
            id="the company is no paper",
        ),
        pytest.param(
            "Harrow Lane, the book\u2019s publisher, pays authors 15 percent of the list price. Sen. Adela Halvey thanked "
            "donors. Harrow Lane defended the sales. \u201cBulk orders are a normal part of our business,\u201d the "
            "company said in a statement.",
            "Bulk orders",
            "Harrow Lane",
            id="a publisher the ner took for a person is the company",
        ),
        pytest.param(
            "Ohio's Department of Job and Family Services dropped 41,000 people from its rolls. The department's report, "
            "released at a briefing on Monday, said about 3,100 of the people removed had not returned their forms.",
            "had not returned",
            "Department of Job and Family Services",
            id="the department's report is the department's",
        ),
        pytest.param(
            "One of the tenants, Shantel Vereen of Dunmore, told the Ledger she spent two weeks on hold.",
            "on hold",
            "Shantel Vereen",
            id="a home town is no part of a name",
        ),
        pytest.param(
            "Lawsuit Says Port Authority Fired Her\n\nDURHAM \u2014 A harbor pilot sued the Port Authority on Monday, "
            "saying she was fired for reporting unsafe docks.\n\nThe pilot, Odile Marchetti, 44, says in the lawsuit "
            "that she filed three safety reports.\n\nThe lawsuit argues that the firing broke the state\u2019s "
            "whistleblower law.",
            "whistleblower law",
            "Odile Marchetti",
            id="a dateline before an indefinite plaintiff is nobody",
        ),
        pytest.param(
            "Trooper Ines Galvan, 31, sued the agency. The lawsuit draws on records her lawyers obtained. It says "
            "troopers in the zone wrote 9,400 tickets last year.",
            "9,400 tickets",
            "Ines Galvan",
            id="it says after the lawsuit is its filer",
        ),
        pytest.param(
            "In a complaint filed on Monday with the county board, Walt Brenner asked the board to strike the "
            "registration. Ms. Ambrose lives elsewhere, the complaint says.\n\n\u201cShe keeps the address on paper "
            "only,\u201d it says.",
            "on paper",
            "Walt Brenner",
            id="it says is the complaint of the one who filed it",
        ),
        pytest.param(
            "Rep. Dana Ambrose faces a challenge. The complaint, prepared by Mr. Brenner\u2019s lawyer, Ilse Varga, "
            "says Ms. Ambrose spent 20 nights at the house. Walt Brenner filed it on Monday.",
            "20 nights",
            "Walt Brenner",
            id="a complaint a lawyer prepared is her client's",
        ),
        pytest.param(
            "The Harbor Voters League filed a petition on Tuesday. \u201cThe county mailed 900 flawed ballots,\u201d "
            "the filing says.",
            "900 flawed",
            "Harbor Voters League",
            id="the filing is the petition by another name",
        ),
        pytest.param(
            "The county hired Kessel Print Works to print the ballots. The vendor said the proof it received left out the race.",
            "left out",
            "Kessel Print Works",
            id="the vendor is the company",
        ),
        pytest.param(
            "Harlan County Clerk Edda Rasmussen apologized. Voters who already returned a ballot will have their other "
            "votes counted, the clerk said.",
            "other votes",
            "Edda Rasmussen",
            id="the clerk is the clerk named before",
        ),
        pytest.param(
            "Mr. Abernathy said the count was low. \u201cKessel printed exactly what Harlan County approved,\u201d its "
            "president, Dirk Vandermoss, said in a statement. He said the proof had no sheriff\u2019s race.",
            "the proof had",
            "Dirk Vandermoss",
            id="a president the ner took for a company is a person he may be",
        ),
    ],
)
def test_the_speaker_is_whom_the_words_point_back_to(text, words, name, nlp, registry) -> None:  # type: ignore[no-untyped-def]
    assert [speaker for speaker, _ in _speakers(text, words, nlp, registry)] == [name]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param(
            "Sen. Ruth Pellan defended the purchases on Monday. Pellan\u2019s office said in a statement that the books "
            "were gifts for donors. It said the senator had not profited from the purchases.",
            "had not profited",
            id="it goes on with the office",
        ),
        pytest.param(
            "Sen. Adela Halvey defended the purchases. Halvey\u2019s office said in a statement that the books "
            "\u201cwent to supporters as thank-you gifts.\u201d",
            "thank-you gifts",
            id="a surname read as a noun owns the office",
        ),
    ],
)
def test_an_office_speaks_for_the_senator(text, words, nlp, registry) -> None:  # type: ignore[no-untyped-def]
    senator = "Ruth Pellan" if "Pellan" in text else "Adela Halvey"
    assert _speakers(text, words, nlp, registry) == [(None, senator)]


def test_if_the_committee_finds_reports_no_finding(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A cue opening a condition reports nothing yet; the sentence's own report stays."""
    text = (
        "The Open Records Foundation asked the Senate Ethics Committee on Monday to open an inquiry. If the committee "
        "finds that Senator Ruth Pellan was paid, the group wants the money returned."
    )
    assert _speakers(text, "was paid", nlp, registry) == []


def test_feldkamp_rejected_that_is_a_mention_of_her(nlp) -> None:  # type: ignore[no-untyped-def]
    """A surname the tagger read as a common noun is still the person's mention, so a later
    "she" can find her."""
    from corroborate.nlp.people import index_people

    doc = nlp(
        "Naomi Feldkamp, the group\u2019s executive director, called the sales a scheme. Halvey\u2019s allies have "
        "spent the past day painting the watchdog as a partisan outfit. Feldkamp rejected that."
    )
    assert [(m.text, m.name) for m in index_people(doc, []).mentions] == [
        ("Naomi Feldkamp", "Naomi Feldkamp"),
        ("Feldkamp", "Naomi Feldkamp"),
    ]


def test_the_statement_said_is_the_offices_statement_just_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """ "the statement said" points back to the nearest statement, here an unnamed office's,
    not to a named speaker's statement further back."""
    text = (
        "Sen. Ruth Pellan thanked donors. \u201cSenator Pellan turned her campaign into a royalty machine,\u201d Dana "
        "Ruelle, the group\u2019s director, said in a statement. \u201cBuying a senator\u2019s book to thank donors is "
        "ordinary,\u201d Pellan\u2019s office said in a statement to reporters. \u201cThe books went to supporters as "
        "gifts,\u201d the statement said."
    )
    assert _speakers(text, "went to supporters", nlp, registry) == [(None, "Ruth Pellan")]


def test_a_named_spokeswoman_for_the_company_speaks_for_it(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A spokeswoman named beside her role keeps her name and says whom she speaks for."""
    text = (
        "Quillon Data Group printed the ballots. Lydia Armistead, a spokeswoman for the company, said the orders "
        "were a normal part of its business."
    )
    assert _speakers(text, "normal part", nlp, registry) == [("Lydia Armistead", "Quillon Data Group")]
