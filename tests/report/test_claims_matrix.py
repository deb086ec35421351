"""The claims matrix: events × outlets with the figures side by side, the status and its evidence."""

from __future__ import annotations

from rich.console import Console

from corroborate.model import Analysis, Claim, ClaimGroup, Quantity
from corroborate.nlp.quantities import find_quantities
from corroborate.report.html import render_html
from corroborate.report.markdown import render_markdown
from corroborate.report.sections import Mark, claim_marks, claim_matrix, claim_matrix_data, row_label
from corroborate.report.terminal import render_table
from tests.report.builders import hand_made


def with_figures() -> Analysis:
    """hand_made's conflicting pair with their figures, and a claim both outlets carry from one source."""
    analysis = hand_made()
    claims = tuple(c.model_copy(update={"quantities": tuple(find_quantities(c.text))}) for c in analysis.claims)
    repeated = ClaimGroup(
        id="cg2", claims=("a-one:c1", "b-two:c1"), status="single_source", outlets=("One News", "Two Times"),
        sources=("Ann Lee",), independent_sources=1,
    )  # fmt: skip
    return analysis.model_copy(update={"claims": claims, "claim_groups": (*analysis.claim_groups, repeated)})


def test_each_outlets_figures_stand_in_its_cell() -> None:
    _outlets, rows = claim_matrix(with_figures())
    conflicting = next(r for r in rows if r.group.status == "conflicting")
    assert [c.figures for c in conflicting.cells] == [("40,000 cars",), ("55,000 cars",)]
    assert conflicting.evidence == ("One News: “40,000 cars” vs Two Times: “55,000 cars”",)


def test_a_single_source_several_outlets_carry_is_called_one_origin() -> None:
    _outlets, rows = claim_matrix(with_figures())
    repeated = next(r for r in rows if r.group.id == "cg2")
    assert repeated.one_origin and repeated.status_text == "single source, one origin carried by 2 outlets"
    assert repeated.evidence == ("one source: Ann Lee, repeated by 2 outlets",)


def test_the_matrix_as_data_for_the_web_app() -> None:
    data = claim_matrix_data(with_figures())
    assert data["outlets"] == ["One News", "Two Times"]
    first = data["rows"][0]
    assert first["status"] == "conflicting" and first["cells"][1]["figures"] == ["55,000 cars"]
    assert first["cells"][0]["claims"] == ["a-one:c1"]


def test_every_view_shows_the_figures_and_the_evidence() -> None:
    analysis = with_figures()
    markdown = render_markdown(analysis)
    assert "✗ conflicting: 40,000 cars" in markdown and "| single source, one origin carried by 2 outlets |" in markdown
    assert "One News: “40,000 cars” vs Two Times: “55,000 cars”" in markdown
    html = render_html(analysis)
    assert "55,000 cars" in html and ">single source, one origin carried by 2 outlets</span>" in html
    console = Console(width=200, record=True)
    console.print(render_table(analysis))
    text = console.export_text()
    assert "Claims across outlets" in text and "one origin carried by 2 outlets" in text


def test_a_claims_runs_join_back_and_mark_its_figures_at_their_article_offsets() -> None:
    sentence = "Crews cleared 12 trees and 30 metres of fence by noon."
    claim = Claim(
        id="x:c1", article="x", text=sentence, start=100, end=100 + len(sentence),
        quantities=(
            Quantity(text="12 trees", start=114, end=122, min=12, max=12, unit="trees"),
            Quantity(text="30 metres", start=127, end=136, min=30, max=30, unit="metres"),
        ),
    )  # fmt: skip
    conflict = {"kind": "quantity", "a": "x:c1", "b": "y:c1", "a_text": "30 metres", "b_text": "50 metres", "a_span": [127, 136]}
    marks = claim_marks(claim, [conflict])
    assert "".join(m.text for m in marks) == sentence
    assert [(m.text, m.mark) for m in marks if m.mark] == [("12 trees", "figure"), ("30 metres", "conflict")]


def test_a_negation_conflict_over_the_whole_sentence_marks_no_words() -> None:
    sentence = "The council did not vote on the plan."
    claim = Claim(id="x:c1", article="x", text=sentence, start=0, end=len(sentence))
    conflict = {"kind": "negation", "a": "y:c1", "b": "x:c1", "a_text": "The council voted on the plan.", "b_text": sentence}
    assert claim_marks(claim, [conflict]) == (Mark(sentence, ""),)


def test_a_figure_whose_offsets_miss_the_sentence_is_found_by_its_words_or_left_unmarked() -> None:
    sentence = "About 300 people marched."
    stray = Quantity(text="300 people", start=0, end=10, min=300, max=300, unit="people")  # offsets of another text
    absent = Quantity(text="40 buses", start=900, end=908, min=40, max=40, unit="buses")
    claim = Claim(id="x:c1", article="x", text=sentence, start=50, end=50 + len(sentence), quantities=(stray, absent))
    assert [(m.text, m.mark) for m in claim_marks(claim)] == [("About ", ""), ("300 people", "figure"), (" marched.", "")]


def test_one_denial_of_two_claims_reads_once_which_the_mayor_has_repeatedly_denied() -> None:
    analysis = hand_made()
    denial = {"claim": "a-one:c1", "article": "a-one", "text": "which the mayor has repeatedly denied", "by": "Ann Lee"}
    disputed = ClaimGroup(
        id="cg3", claims=("a-one:c1", "b-two:c1"), status="disputed", outlets=("One News", "Two Times"),
        sources=("One News", "Two Times"), independent_sources=2, disputed_by=("Ann Lee",),
        denials=({**denial, "denies": "a-one:c1"}, {**denial, "denies": "b-two:c1"}),
    )  # fmt: skip
    _outlets, rows = claim_matrix(analysis.model_copy(update={"claim_groups": (disputed,)}))
    assert rows[0].evidence == ("Ann Lee (One News): “which the mayor has repeatedly denied”",)


def _claim(article: str, n: int, text: str) -> Claim:
    return Claim(id=f"{article}:c{n}", article=article, text=text, start=0, end=len(text), rule="test", confidence=1.0)


def test_a_row_is_named_by_a_version_no_other_row_holds_not_a_lede_stating_two() -> None:
    """The Harbour Gazette's lede states the fee and the resignation; it is in the fee's
    group and the resignation's. The resignation's row is named by the first version
    only that group holds, not by the lede read first."""
    lede = _claim("gazette", 1, "Harbour master Mara Voss, who raised the mooring fee by a third, resigned on Friday.")
    post = _claim("post", 4, "Mara Voss resigned as harbour master on Friday afternoon.")
    ledger = _claim("ledger", 2, "The harbour master resigned on Friday, the council said.")
    assert row_label([lede, post, ledger], elsewhere={lede.id}) == post
    assert row_label([lede, post, ledger]) == lede
    assert row_label([lede], elsewhere={lede.id}) == lede


def test_a_corroborated_rows_sources_are_listed_once() -> None:
    analysis = with_figures()
    backed = ClaimGroup(
        id="cg3", claims=("a-one:c1", "b-two:c1"), status="corroborated", outlets=("One News", "Two Times"),
        sources=("Ann Vale", "Bo Ray"), independent_sources=2,
    )  # fmt: skip
    html = render_html(analysis.model_copy(update={"claim_groups": (*analysis.claim_groups, backed)}))
    assert html.count("Ann Vale, Bo Ray") == 1 and "2 independent sources: Ann Vale, Bo Ray" in html
    # A conflicting row's evidence is the conflict: its sources column names them.
    assert '<span class="sources"> (One News, Two Times)</span>' in html


def test_a_row_of_occasions_says_where_it_was_said() -> None:
    """Two outlets naming where one person spoke: the row says it is an occasion, and its class."""
    analysis = hand_made()
    occasions = (
        Claim(id="a-one:c9", article="a-one", text="Mayor Ines Duarte said at a rally here", start=0, end=38,
              rule="claim.attribution", event="appearance", subject="Ines Duarte"),
        Claim(id="b-two:c9", article="b-two", text="Duarte told about 400 supporters at the fairgrounds", start=0, end=51,
              rule="claim.attribution", event="appearance", subject="Duarte"),
    )  # fmt: skip
    group = ClaimGroup(
        id="cg9", claims=("a-one:c9", "b-two:c9"), status="corroborated", outlets=("One News", "Two Times"),
        independent_sources=2,
    )  # fmt: skip
    update = {"claims": (*analysis.claims, *occasions), "claim_groups": (*analysis.claim_groups, group)}
    _outlets, rows = claim_matrix(analysis.model_copy(update=update))
    assert (
        next(r for r in rows if r.group.id == "cg9").text
        == "Where it was said (appearance): Mayor Ines Duarte said at a rally here"
    )
    assert all(not r.text.startswith("Where it was said") for r in rows if r.group.id != "cg9")
