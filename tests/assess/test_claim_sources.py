"""Who asserts a claim: an outlet named as a speaker is its report; a speaker's own act
is attested by each outlet reporting it (hand-written texts)."""

from __future__ import annotations

from corroborate.align.claims import ClaimClusters
from corroborate.assess.claim_status import assess_claims
from corroborate.model import Article, Claim, Entity


def article(article_id: str, outlet: str, text: str) -> Article:
    return Article(id=article_id, source=article_id, outlet=outlet, title=None, published=None, language="en", text=text)


def claim(claim_id: str, article_id: str, text: str, by: str | None = None, offset: int = 0) -> Claim:
    return Claim(id=claim_id, article=article_id, text=text, start=offset, end=offset + len(text), by=by, rule="test")


def judged(claims: list[Claim], articles: list[Article], entities: list[Entity]):
    [group] = assess_claims(ClaimClusters([list(range(len(claims)))], {}, {}), claims, articles, entities)
    return group


def test_an_outlet_reported_by_another_is_that_outlets_one_report() -> None:
    """ "The Daily Ledger reported that ..." and the Ledger's own sentence: one source."""
    own = claim("a1", "a", "The charges will include wire fraud and tax evasion.")
    repeated = claim("b1", "b", "the charges will include wire fraud and tax evasion", by="e9")
    ledger = Entity(id="e9", name="Daily Ledger", kind="organization")
    articles = [article("a", "The Daily Ledger", own.text), article("b", "City Wire", "")]
    group = judged([own, repeated], articles, [ledger])
    assert group.status == "single_source" and group.independent_sources == 1


def test_a_speakers_announcement_of_their_own_act_is_attested_by_each_outlet() -> None:
    """ "Voss said he would not seek re-election", printed by two outlets: two witnesses."""
    a = claim("a1", "a", "he would not seek re-election next year", by="e1")
    b = claim("b1", "b", "he would not run for re-election next year", by="e1")
    voss = Entity(id="e1", name="Carl Voss", kind="person")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    assert judged([a, b], articles, [voss]).status == "corroborated"


def test_what_was_done_to_the_speaker_rests_on_their_word() -> None:
    """ "she was fired after complaining": her account, however many outlets print it."""
    a = claim("a1", "a", "she was fired after complaining to the manager", by="e1")
    b = claim("b1", "b", "she was dismissed after complaining to the manager", by="e1")
    ode = Entity(id="e1", name="Mara Ode", kind="person")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    assert judged([a, b], articles, [ode]).status == "single_source"


def test_he_inside_a_direct_quotation_is_someone_else() -> None:
    """'"He broke the law," Voss said': "he" is not Voss."""
    text_a, text_b = '"He broke the law," Voss said.', '"He broke the law," said Voss.'
    a = claim("a1", "a", "He broke the law", by="e1", offset=1)
    b = claim("b1", "b", "He broke the law", by="e1", offset=1)
    voss = Entity(id="e1", name="Carl Voss", kind="person")
    articles = [article("a", "The Daily Ledger", text_a), article("b", "City Wire", text_b)]
    assert judged([a, b], articles, [voss]).status == "single_source"
