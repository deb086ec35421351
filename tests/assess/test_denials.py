"""Denials found in the claims: a named party denying what another asserts (hand-written texts)."""

from __future__ import annotations

import re

from corroborate.align.claims import ClaimClusters
from corroborate.assess.claim_status import assess_claims
from corroborate.assess.denials import find_denials
from corroborate.model import Article, Claim, Entity, Mention, Role
from corroborate.nlp.quantities import find_quantities


def story(text: str, people: dict[str, str], by: dict[int, str] | None = None):
    """One article cut into sentence claims; `people`: entity id -> name, found in the text
    (the surname alone counts too); `by`: claim number -> its speaker's entity."""
    article = Article(id="a", source="a", outlet="A", title=None, published=None, language="en", text=text)
    claims = [
        Claim(id=f"a:c{n}", article="a", text=m.group(0), start=m.start(), end=m.end(), by=(by or {}).get(n), rule="test")
        for n, m in enumerate(re.finditer(r"[^.]+\.", text), start=1)
    ]
    claims = [
        c.model_copy(update={"text": c.text.strip(), "start": c.start + len(c.text) - len(c.text.lstrip())}) for c in claims
    ]
    entities = []
    for entity_id, name in people.items():
        pattern = rf"\b(?:{re.escape(name)}|{re.escape(name.split()[-1])})\b"
        mentions = tuple(Mention(article="a", start=m.start(), end=m.end(), text=m.group(0)) for m in re.finditer(pattern, text))
        entities.append(Entity(id=entity_id, name=name, kind="person", mentions=mentions))
    return article, claims, entities


def denied(text: str, people: dict[str, str], by: dict[int, str] | None = None) -> dict[int, tuple[str, int]]:
    article, claims, entities = story(text, people, by)
    return find_denials(claims, entities, {"a": article.text}, {})


def test_the_accusations_which_he_denied_are_the_accusers_claims() -> None:
    text = (
        "Mara Ode claimed that Carl Voss had shredded the ledgers. "
        "Voss resigned on Friday. "
        "Colleagues urged him to quit over the accusations, which Voss has repeatedly denied."
    )
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss"}) == {0: ("e2", 2)}


def test_that_characterization_is_the_claim_just_before() -> None:
    text = "Carl Voss said the mayor promised him the contract. Aides to Mara Ode disputed that characterization."
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss"}, by={1: "e2"}) == {0: ("e1", 1)}


def test_rejected_assertions_that_deny_the_claims_sharing_the_clause() -> None:
    text = (
        "Critics say the ordinance lets landlords evict tenants without notice. "
        "Mara Ode rejected assertions that the ordinance lets landlords evict tenants. "
        "The council meets on Tuesday."
    )
    assert denied(text, {"e1": "Mara Ode"}) == {0: ("e1", 1)}


def test_a_proposal_rejected_or_a_denial_intended_denies_no_claim() -> None:
    text = (
        "The council approved the ordinance on Tuesday. "
        "Mara Ode rejected the ordinance on Wednesday. "
        "Carl Voss did not deny that the council approved the ordinance. "
        "Carl Voss voted to reject that the council approved the ordinance."
    )
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss"}) == {}


def test_a_party_never_disputes_its_own_claim() -> None:
    text = "Mara Ode said the ordinance lets landlords evict tenants. Ode later denied that the ordinance lets landlords evict tenants."
    assert denied(text, {"e1": "Mara Ode"}, by={1: "e1"}) == {}


def test_a_denied_group_is_disputed_with_the_denial_as_evidence() -> None:
    text = "Carl Voss said the mayor promised him the contract. Aides to Mara Ode disputed that characterization."
    article, claims, entities = story(text, {"e1": "Mara Ode", "e2": "Carl Voss"}, by={1: "e2"})
    groups = assess_claims(ClaimClusters([[0], [1]], {}, {}), claims, [article], entities)
    assert groups[0].status == "disputed" and groups[0].disputed_by == ("Mara Ode",)
    denial = groups[0].denials[0]
    assert denial["denies"] == "a:c1" and "disputed" in denial["text"]
    assert text[denial["span"][0] : denial["span"][1]] == denial["text"]


def test_nancy_said_not_looking_to_impeach_you_is_listed_though_one_article_says_it() -> None:
    # A claim no other article states, with no figure or date, is left out of the groups,
    # but one a named party disputes is listed (the denial itself is no claim group).
    text = (
        "Carl Voss said the mayor promised him the contract. Aides to Mara Ode disputed that characterization. "
        "Voss left for Ohio."
    )
    article, claims, entities = story(text, {"e1": "Mara Ode", "e2": "Carl Voss"}, by={1: "e2"})
    groups = assess_claims(ClaimClusters([], {}, {}, lone=[[0], [1], [2]]), claims, [article], entities)
    assert [g.claims for g in groups] == [("a:c1",)]
    assert groups[0].status == "disputed" and groups[0].disputed_by == ("Mara Ode",)


def test_what_he_said_is_just_flat_wrong_denies_the_claim_before() -> None:
    text = 'Carl Voss said the levee would hold through spring. "What he said is just flat wrong," Mara Ode said.'
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss"}, by={1: "e2", 2: "e1"}) == {0: ("e1", 1)}


def test_voss_claims_are_false_denies_the_claim_of_the_party_named() -> None:
    text = 'Carl Voss said the levee would hold. Nia Bell said the dam would fail. "Voss\'s claims are false," Mara Ode said.'
    people = {"e1": "Mara Ode", "e2": "Carl Voss", "e3": "Nia Bell"}
    assert denied(text, people, by={1: "e2", 2: "e3", 3: "e1"}) == {0: ("e1", 2)}


def test_that_is_not_true_denies_the_other_party_before() -> None:
    text = 'Carl Voss said the levee would hold. Mara Ode said the dam was sound. "That is not true," Voss said.'
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss"}, by={1: "e2", 2: "e1", 3: "e2"}) == {1: ("e2", 2)}


def test_the_clerk_mara_ode_said_that_was_not_so_denies_the_claim_before() -> None:
    """A verdict its sentence reports the speaker giving, and a contracted one."""
    people = {"e1": "Mara Ode", "e2": "Carl Voss"}
    text = "Carl Voss said 9,000 ballots were never counted. The clerk, Mara Ode, said that was not so."
    assert denied(text, people, by={1: "e2", 2: "e1"}) == {0: ("e1", 1)}
    text = 'Carl Voss said 9,000 ballots were never counted. "That isn\u2019t true," Mara Ode said.'
    assert denied(text, people, by={1: "e2", 2: "e1"}) == {0: ("e1", 1)}
    text = "Carl Voss said 9,000 ballots were never counted. Mara Ode said that was so."
    assert denied(text, people, by={1: "e2", 2: "e1"}) == {}


def test_the_mayors_numbers_are_fiction_denies_the_mayors_claim() -> None:
    """A verdict on someone's figures, naming them by a role one person of the story
    holds; "That number is a fantasy" judges the other party's claim before it."""
    text = (
        "Carl Voss said the levee would cost $40 million. Nia Bell said the dam was sound. "
        "The mayor's numbers are fiction, Mara Ode said."
    )
    article, claims, entities = story(
        text, {"e1": "Mara Ode", "e2": "Carl Voss", "e3": "Nia Bell"}, by={1: "e2", 2: "e3", 3: "e1"}
    )
    entities = [e.model_copy(update={"roles": (Role(article="a", text="Mayor"),)}) if e.id == "e2" else e for e in entities]
    assert find_denials(claims, entities, {"a": article.text}, {}) == {0: ("e1", 2)}
    # Nobody the story calls mayor: whose numbers is unknown, nothing is denied.
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss", "e3": "Nia Bell"}, by={1: "e2", 2: "e3", 3: "e1"}) == {}
    text = "Carl Voss said the levee would cost $40 million. That number is a fantasy, Mara Ode said."
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss"}, by={1: "e2", 2: "e1"}) == {0: ("e1", 1)}


def test_not_wrong_or_wrong_for_someone_is_no_verdict() -> None:
    people = {"e1": "Mara Ode", "e2": "Carl Voss"}
    assert (
        denied('Carl Voss said the levee would hold. "What he said is not wrong," Mara Ode said.', people, by={1: "e2", 2: "e1"})
        == {}
    )
    assert (
        denied('Carl Voss said the levee would hold. "That is wrong for the town," Mara Ode said.', people, by={1: "e2", 2: "e1"})
        == {}
    )


def test_a_verdict_with_no_one_else_before_it_denies_nothing() -> None:
    text = '"What he said is just flat wrong," Mara Ode said. Carl Voss said the levee would hold.'
    assert denied(text, {"e1": "Mara Ode", "e2": "Carl Voss"}, by={1: "e1", 2: "e2"}) == {}


def test_denying_it_asked_for_her_recall_disputes_no_she_has_not_commented_on_her_recall() -> None:
    """A denial outside a group disputes it when most members resemble it and state its
    class of event: "asked for her recall" is alike in words to "has not commented on
    her recall", and disputes it not; a claim of asking it does."""
    texts = {
        "a": "She has not commented on her recall.",
        "b": "She has not commented publicly on the recall.",
        "c": "The ministry denied it had asked for her recall.",
    }
    articles = [
        Article(id=k, source=k, outlet=o, title=None, published=None, language="en", text=t)
        for (k, t), o in zip(texts.items(), ("The Daily Ledger", "City Wire", "Coast Post"), strict=True)
    ]

    def claim(article: str, text: str, predicate: str) -> Claim:
        start = texts[article].index(text)
        return Claim(
            id=f"{article}1", article=article, text=text, start=start, end=start + len(text), rule="t", predicate=predicate
        )

    denial = claim("c", "it had asked for her recall", "ask")
    for predicate, disputed in (("comment", False), ("ask", True)):
        claims = [claim("a", texts["a"][:-1], predicate), claim("b", texts["b"][:-1], predicate), denial]
        cosine = {(0, 2): 0.6, (1, 2): 0.6, (0, 1): 0.9}
        [group] = assess_claims(ClaimClusters([[0, 1]], cosine, {2: "e1"}), claims, articles, [])
        assert (group.status == "disputed") is disputed


def test_settle_a_lawsuit_that_accused_the_company_is_not_denied_by_rejecting_the_allegations() -> None:
    """An accusation a relative clause describes ("settle a lawsuit that accused Pellam of
    ...") is not what the claim states: denying the allegations leaves the settlement
    standing. An accusation the claim states is denied as before."""
    people = {"e1": "Dana Pellam", "e2": "Ruth Oyelaran"}
    text = (
        "Dana Pellam said she would settle a lawsuit that accused Pellam of inflating prices for years. "
        "Pellam rejected the allegations in a statement."
    )
    assert denied(text, people) == {}
    text = "Ruth Oyelaran accused Pellam of inflating prices for years. Pellam rejected the allegations in a statement."
    assert denied(text, people) == {0: ("e1", 1)}


def test_the_27_million_is_a_number_somebody_made_up_denies_the_claims_giving_it() -> None:
    """A verdict on a figure itself denies every other party's claim giving that figure
    (rounded: "about $27 million"), not a claim giving another."""
    text = (
        "The board estimates the closures will save about $27 million a year. Ada Pike said the buses cost $4 million. "
        "The $27 million is a number somebody made up in a spreadsheet, Omar Reyes said."
    )
    article, claims, entities = story(text, {"e1": "Omar Reyes", "e2": "Ada Pike"}, by={2: "e2", 3: "e1"})
    claims = [c.model_copy(update={"quantities": tuple(find_quantities(text, c.start, c.end))}) for c in claims]
    assert find_denials(claims, entities, {"a": article.text}, {}) == {0: ("e1", 2)}


def harwick_story(said_subject: str, cue: str, by: str) -> tuple[list[Article], list[Claim]]:
    """The Harbor Ledger's finding that `said_subject` received tax credits, and City
    Wire's quotation of Harwick Freight saying it has not (credited to entity `by`, its
    cue `cue`)."""
    said_text = f"{said_subject} received $2 million in state tax credits in 2019"
    a = Article(
        id="a", source="a", outlet="Harbor Ledger", title=None, published=None, language="en",
        text=f"{said_text}, the Ledger found.",
    )  # fmt: skip
    denial_text = "Harwick Freight has not received any state tax credits"
    b = Article(
        id="b", source="b", outlet="City Wire", title=None, published=None, language="en",
        text=f"“{denial_text},” {cue}.",
    )  # fmt: skip
    said = Claim(
        id="a:c1", article="a", text=said_text, start=0, end=len(said_text), rule="test", predicate="receive",
        subject=said_subject,
    )  # fmt: skip
    denial = Claim(
        id="b:c1", article="b", text=denial_text, start=1, end=1 + len(denial_text), rule="test", predicate="receive",
        subject="Harwick Freight", negated=True, by=by,
    )  # fmt: skip
    return [a, b], [said, denial]


def test_harwick_has_not_received_any_tax_credits_disputes_the_report_that_it_did() -> None:
    """A party saying of itself the negation of what another source says of it disputes
    that claim, though its words fall in a group of their own; a third party's negation
    of it is no dispute by the party."""
    articles, claims = harwick_story("Harwick Freight", "the company said", "e1")
    company = Entity(
        id="e1",
        name="Harwick Freight",
        kind="organization",
        mentions=(Mention(article="b", start=1, end=16, text="Harwick Freight"),),
    )
    groups = assess_claims(ClaimClusters([[0], [1]], {}, {}), claims, articles, [company])
    assert groups[0].status == "disputed" and groups[0].disputed_by == ("Harwick Freight",)
    assert groups[0].denials[0]["claim"] == "b:c1" and groups[0].denials[0]["denies"] == "a:c1"
    other = claims[1].model_copy(update={"by": "e2"})
    union = Entity(id="e2", name="Dock Workers Union", kind="organization", mentions=())
    groups = assess_claims(ClaimClusters([[0], [1]], {}, {}), [claims[0], other], articles, [company, union])
    assert groups[0].status == "single_source"


def test_the_company_did_not_cut_the_line_in_five_words_disputes_the_report_that_it_did() -> None:
    """A party's denial in the fewest words ("The company did not cut it," its
        spokeswoman said) shares too few words with the report it denies for `negates`; it
        says nothing beyond the act, the party and the negation, so it disputes any claim of
        that act about the party. A denial that says more, of something else, does not; nor
    one whose verb states no act ("did not make it")."""
    said_text = "Harwick Freight cut the fiber line near the depot in March"
    a = Article(id="a", source="a", outlet="Harbor Ledger", title=None, published=None, language="en", text=f"{said_text}.")
    said = Claim(
        id="a:c1", article="a", text=said_text, start=0, end=len(said_text), rule="test", predicate="cut",
        subject="Harwick Freight",
    )  # fmt: skip
    company = Entity(id="e1", name="Harwick Freight", kind="organization", mentions=())

    def status_with(denial_text: str, predicate: str = "cut") -> str:
        b = Article(
            id="b", source="b", outlet="City Wire", title=None, published=None, language="en",
            text=f"{denial_text} the company said.",
        )  # fmt: skip
        denial = Claim(
            id="b:c1", article="b", text=denial_text, start=0, end=len(denial_text), rule="test", predicate=predicate,
            subject="Harwick Freight", negated=True, by="e1",
        )  # fmt: skip
        claim = said.model_copy(update={"predicate": predicate})
        return assess_claims(ClaimClusters([[0], [1]], {}, {}), [claim, denial], [a, b], [company])[0].status

    assert status_with("\u201cThe company did not cut it,\u201d") == "disputed"
    assert status_with("\u201cHarwick Freight did not cut its prices for shippers this year,\u201d") == "single_source"
    assert status_with("\u201cThe company did not make it,\u201d", predicate="make") == "single_source"  # a light verb


def test_harwick_has_not_received_said_its_spokeswoman_is_harwicks_dispute() -> None:
    """A spokeswoman the article gives no principal, saying it of a party, speaks for it."""
    articles, claims = harwick_story("Harwick", "spokeswoman Ona Pell said", "e2")
    company = Entity(
        id="e1", name="Harwick", kind="organization", mentions=(Mention(article="a", start=0, end=7, text="Harwick"),)
    )
    pell = Entity(
        id="e2", name="Ona Pell", kind="person", mentions=(Mention(article="b", start=71, end=79, text="Ona Pell"),),
        roles=(Role(article="b", text="spokeswoman"),),
    )  # fmt: skip
    groups = assess_claims(ClaimClusters([[0], [1]], {}, {}), claims, articles, [company, pell])
    assert groups[0].status == "disputed" and groups[0].disputed_by == ("Harwick",)
