"""Quote patterns, table-driven: quote-mark styles, partial and indirect quotes, speakers, channels, zones.

Each case is a small hand-written news text and the complete list of quotes the
finder must return (direct, partial and indirect, in text order). A quote's
expectation always names its `text`, `kind` and speaker `name`; the other keys
(`mention`, `description`, `represents`, `cue`, `channel`, `rule`, `zone`) are
checked where a case gives them. `warnings` lists the warning codes expected.
"""

from __future__ import annotations

from typing import Any

import pytest
from spacy.tokens import Token

from corroborate.model import Quote
from corroborate.nlp.cues import subject_of
from corroborate.nlp.quotes import QuoteExtraction
from tests.nlp.helpers import extraction_of

pytestmark = pytest.mark.model

_OPTIONAL = ("mention", "description", "represents", "cue", "channel", "rule", "zone")


def quotes_of(text: str, nlp, registry) -> QuoteExtraction:
    return extraction_of(text, nlp, registry)


def q(text: str, kind: str, name: str | None, **more: Any) -> dict[str, Any]:
    """One expected quote; `more` holds the optional fields to check (a value of None means absent)."""
    unknown = set(more) - set(_OPTIONAL)
    assert not unknown, f"unknown expectation keys {unknown}"
    return {"text": text, "kind": kind, "name": name, **more}


def case(case_id: str, text: str, *quotes: dict[str, Any], warnings: tuple[str, ...] = (), bug: str | None = None):
    marks = [pytest.mark.xfail(strict=True, reason=f"BUG: {bug}")] if bug else []
    return pytest.param(text, list(quotes), list(warnings), id=case_id, marks=marks)


def observed(quote: Quote, keys: list[str]) -> dict[str, Any]:
    fields = {
        "text": quote.text,
        "kind": quote.kind,
        "name": quote.speaker.name,
        "mention": quote.speaker.mention.text if quote.speaker.mention else None,
        "description": quote.speaker.description,
        "represents": quote.speaker.represents,
        "cue": quote.cue.text if quote.cue else None,
        "channel": quote.channel,
        "rule": quote.rule,
        "zone": quote.zone,
    }
    return {key: fields[key] for key in keys}


# ---------------------------------------------------------------------------
# 1. Direct quotations: mark styles, apostrophes, nesting, split and long quotes

MARK_STYLES = [
    case(
        "straight-double",
        '"The bridge will reopen in June," Mayor Laura Chen said.',
        q("The bridge will reopen in June", "direct", "Laura Chen", cue="said", rule="direct.cue_subject", zone="body"),
    ),
    case(
        "curly-double-verb-first",
        "\u201cWe are not giving up,\u201d said Tomas Berg.",
        q("We are not giving up", "direct", "Tomas Berg", mention="Tomas Berg", cue="said"),
    ),
    case(
        "single-quotes-british",
        "'We will fight this ruling,' said Priya Nair, a tenant in Delmont.",
        q("We will fight this ruling", "direct", "Priya Nair", cue="said"),
    ),
    case(
        "single-quotes-with-plural-possessive-inside",
        "'The drivers' union never agreed to this,' Carl Weber said.",
        q("The drivers' union never agreed to this", "direct", "Carl Weber", cue="said"),
    ),
    case(
        "single-quotes-with-contraction-inside",
        "'We can't wait another winter,' said Priya Nair.",
        q("We can't wait another winter", "direct", "Priya Nair", cue="said"),
    ),
    case(
        "curly-single-quotes",
        "\u2018The tide took everything,\u2019 Carl Weber said.",
        q("The tide took everything", "direct", "Carl Weber", cue="said"),
    ),
    case(
        "elision-em-inside-double",
        "\"We'll beat 'em next season,\" coach Dan Ruiz said.",
        q("We'll beat 'em next season", "direct", "Dan Ruiz", cue="said"),
    ),
    case(
        "guillemets",
        "\u00abWe are staying put,\u00bb Marta Lind said.",
        q("We are staying put", "direct", "Marta Lind", cue="said"),
    ),
    case(
        "verb-first-speaker-with-relative-clause",
        "\u201cWe are staying put,\u201d said Marta Lind, who owns the bakery.",
        q("We are staying put", "direct", "Marta Lind", cue="said"),
    ),
    case(
        "german-low-high-marks",
        "\u201eWe never saw the memo\u201c, Klaus Brenner said on Tuesday.",
        q("We never saw the memo", "direct", "Klaus Brenner", cue="said"),
    ),
    case(
        "two-apostrophes-nyt-style",
        "''It was a long night,'' Dana Cole said.",
        q("It was a long night", "direct", "Dana Cole", cue="said"),
    ),
    case(
        "single-nested-in-double",
        "\"My father called it 'the old road' until the day he died,\" Nora Quinn said.",
        q("My father called it 'the old road' until the day he died", "direct", "Nora Quinn", cue="said"),
    ),
    case(
        "curly-nested-in-straight",
        '"He kept telling us \u201cnot yet\u201d for a month," Nora Quinn said.',
        q("He kept telling us \u201cnot yet\u201d for a month", "direct", "Nora Quinn", cue="said"),
    ),
    case(
        "quote-split-by-attribution",
        "\u201cThe water came fast,\u201d Maria Soto said. \u201cWe had ten minutes to leave.\u201d",
        q("The water came fast", "direct", "Maria Soto", cue="said"),
        q("We had ten minutes to leave.", "direct", "Maria Soto"),
    ),
    case(
        "quote-over-two-paragraphs",
        '"The water came fast," Maria Soto said. "We grabbed the kids and ran.\n\n"By morning the whole street was gone."',
        q("The water came fast", "direct", "Maria Soto", cue="said"),
        q("We grabbed the kids and ran.", "direct", "Maria Soto"),
        q("By morning the whole street was gone.", "direct", "Maria Soto", rule="direct.continuation"),
    ),
    case(
        "quote-over-two-paragraphs-curly",
        "\u201cThe council ignored every warning,\u201d Hana Sato said. \u201cWe wrote to them in March.\n\n"
        "\u201cNobody answered.\u201d",
        q("The council ignored every warning", "direct", "Hana Sato", cue="said"),
        q("We wrote to them in March.", "direct", "Hana Sato"),
        q("Nobody answered.", "direct", "Hana Sato"),
    ),
    case(
        "curly-single-nested-in-curly-double",
        "\u201cHe told us \u2018wait\u2019 twice and then left,\u201d Joan Pike said.",
        q("He told us \u2018wait\u2019 twice and then left", "direct", "Joan Pike", cue="said"),
    ),
    case(
        "question-with-asked",
        '"Who pays for this?" asked Joan Pike.',
        q("Who pays for this?", "direct", "Joan Pike", cue="asked"),
    ),
    case(
        "verb-first-with-lowercase-title",
        '"Who pays for this?" said resident Joan Pike.',
        q("Who pays for this?", "direct", "Joan Pike", cue="said"),
    ),
    case(
        "quote-interrupted-mid-sentence",
        'Laura Chen walked the pier.\n\n"The pier," Chen said, "is older than the town."',
        q("The pier", "direct", "Laura Chen", cue="said"),
        q("is older than the town.", "direct", "Laura Chen"),
    ),
    case(
        "single-quoted-with-plural-possessive-mid-quote",
        "Carl Weber said: 'We backed the drivers' claims from day one.'",
        q("We backed the drivers' claims from day one.", "direct", "Carl Weber", cue="said"),
    ),
]

APOSTROPHES = [
    case("plural-possessives-are-not-marks", "The players' lockers and the coaches' offices were flooded on Sunday."),
    case("possessive-and-contraction", "The mayor's office didn't open, and the town's clerk wasn't told why."),
    case("decade-elision", "Back in the '90s the mill at Delmont ran three shifts."),
    case(
        "rock-n-roll-and-decades",
        "Rock 'n' roll nights at the pier ran through the '80s and '90s.",
    ),
    case(
        "apostrophes-beside-a-real-quote",
        "The drivers' union met in the '90s hall. \"We won't sign,\" Carl Weber said.",
        q("We won't sign", "direct", "Carl Weber", cue="said"),
    ),
    case("possessive-of-name-ending-in-s", "Chris' truck and the Joneses' barn burned on Sunday."),
    case(
        "decade-elision-inside-single-quotes",
        "'We've fished here since the '90s,' said Carl Weber.",
        q("We've fished here since the '90s", "direct", "Carl Weber", cue="said"),
    ),
    case(
        "em-elision-at-end-of-single-quotes",
        "'Let's go get 'em,' Carl Weber said.",
        q("Let's go get 'em", "direct", "Carl Weber", cue="said"),
    ),
]

MESSY_MARKS = [
    case(
        "stray-closing-curly-then-good-quote",
        "The sign read \u201dclosed for now. Mayor Laura Chen said: \u201cWe reopen on Monday.\u201d",
        q("We reopen on Monday.", "direct", "Laura Chen", cue="said"),
        warnings=("unpaired_quote_mark",),
    ),
    case(
        "mixed-single-open-curly-double-close",
        "'We reopen on Monday,\u201d Laura Chen said.",
        q("We reopen on Monday", "direct", "Laura Chen", cue="said"),
    ),
    case(
        "unclosed-mark-mid-paragraph-other-paragraph-still-found",
        'Rosa Kim called the plan "dead on arrival.\n\nKim added: "We will strike on Monday."',
        q("We will strike on Monday.", "direct", "Rosa Kim", mention="Kim", cue="added"),
        warnings=("unpaired_quote_mark",),
    ),
    case(
        "only-stray-marks",
        "The banner \u201d hung over the \u201d gate.",
        warnings=("unpaired_quote_mark",),
    ),
    case(
        "lone-mark-paragraph-then-good-quote",
        '"\n\n\u201cWe reopen on Monday,\u201d Laura Chen said.',
        q("We reopen on Monday", "direct", "Laura Chen", cue="said"),
        warnings=("unpaired_quote_mark",),
    ),
]

# ---------------------------------------------------------------------------
# 2. Partial quotations inside reported speech; scare quotes and titles

PARTIAL = [
    case(
        "partial-after-alleged-that",
        "Councilwoman Hana Sato alleged that the pier was \u201cleft to rot\u201d by the county.",
        # The clause is reported too: the quoted words are a fragment of it.
        q("the pier was \u201cleft to rot\u201d by the county", "indirect", "Hana Sato", cue="alleged"),
        q("left to rot", "partial", "Hana Sato", cue="alleged"),
    ),
    case(
        "partial-surname-speaker",
        'Hana Sato chairs the budget panel.\n\nSato said the repairs were "far too slow" for a town this size.',
        q('the repairs were "far too slow" for a town this size', "indirect", "Hana Sato", cue="said"),
        q("far too slow", "partial", "Hana Sato", mention="Sato", cue="said"),
    ),
    case(
        "two-partials-one-speaker",
        "Tomas Berg called the vote \u201ca sham\u201d and said the count was \u201crushed and sloppy.\u201d",
        q("a sham", "partial", "Tomas Berg"),
        q("rushed and sloppy.", "partial", "Tomas Berg"),
    ),
    case("scare-quote-so-called", "The so-called \u201cmiracle cure\u201d was sold at markets across Delmont."),
    case("scare-quote-straight", 'The empty lot behind the school has been a "crater" since the rains.'),
    case(
        "film-title-is-not-a-quote",
        "The film \u201cNight Harbor\u201d opens in Delmont theaters on Friday.",
    ),
    case(
        "book-title-single-quotes-is-not-a-quote",
        "Her novel 'The Salt Road' sold well across Brennan County.",
    ),
    case(
        "partial-with-police-subject",
        "Police said the driver was 'very lucky' to survive the crash.",
        q("the driver was 'very lucky' to survive the crash", "indirect", None, description="Police", cue="said"),
        q("very lucky", "partial", None, description="Police", cue="said"),
    ),
    case("quoted-word-no-verb", 'The word "closed" was painted across the gate in red.'),
    # Found on real text: "branded" was no cue, so the fragment took the next sentence's.
    case(
        "partial-after-branded-not-the-next-sentence",
        "Mayor Ines Duarte branded the plan \u201ca slow-motion disaster.\u201d Tom Ode insisted the city \u201cstay the course.\u201d",
        q("a slow-motion disaster.", "partial", "Ines Duarte", cue="branded"),
        q("stay the course.", "partial", "Tom Ode", cue="insisted"),
    ),
]

# ---------------------------------------------------------------------------
# 3. Indirect quotations

INDIRECT = [
    case(
        "said-that-clause",
        "Mayor Laura Chen said that the bridge would reopen in June.",
        q("the bridge would reopen in June", "indirect", "Laura Chen", cue="said", rule="indirect.clause"),
    ),
    # A "whether"/"if" clause is a question put or left open: nobody is reported asserting it.
    case("declined-to-say-whether", "Mayor Laura Chen declined to say whether she supports the bridge toll."),
    case("asked-if", "When asked if he would seek a second term, Sam Ortega smiled at the crowd."),
    # A conjunction the parse hangs on the reported clause joins the next predicate: not reported.
    case(
        "said-clause-but-declined",
        "Harbour chief Ana Ortiz said Sunday the problems that the council has with the ferry plan should be an"
        " opportunity for the mayor to ask fellow councillors about their concerns with the proposal but still"
        " declined to say whether she supports or opposes the plan.",
        q(
            "the problems that the council has with the ferry plan should be an opportunity for the mayor to ask"
            " fellow councillors about their concerns with the proposal",
            "indirect",
            "Ana Ortiz",
            cue="said",
        ),
    ),
    case(
        "said-that-if-clause-inside",
        "Mayor Laura Chen said that if the council agreed, the bridge would reopen in June.",
        q("if the council agreed, the bridge would reopen in June", "indirect", "Laura Chen", cue="said"),
    ),
    case(
        "full-name-the-ner-splits",
        "Ana Diaz said that the bridge would reopen in June.",
        q("the bridge would reopen in June", "indirect", "Ana Diaz", cue="said"),
    ),
    case(
        "said-clause-without-that",
        "Fire Chief Sam Ortega said crews had closed the coast road overnight.",
        q("crews had closed the coast road overnight", "indirect", "Sam Ortega", cue="said", rule="indirect.clause"),
    ),
    case(
        "says-present-tense",
        "Laura Chen visited the pier on Monday.\n\nChen says the bridge is safe for cars.",
        q("the bridge is safe for cars", "indirect", "Laura Chen", mention="Chen", cue="says"),
    ),
    case(
        "according-to-person",
        "According to Sheriff Lou Grant, the fire started in a barn near the highway.",
        q(
            "the fire started in a barn near the highway",
            "indirect",
            "Lou Grant",
            cue="According to",
            rule="indirect.according_to",
        ),
    ),
    case(
        "according-to-after-clause",
        "The fire started in a barn near the highway, according to Sheriff Lou Grant.",
        q("The fire started in a barn near the highway", "indirect", "Lou Grant", cue="according to"),
    ),
    case(
        "told-wire-service-clause",
        "Dr. Mira Hale told Reuters the clinic would stay open through the storm.",
        q("the clinic would stay open through the storm", "indirect", "Mira Hale", cue="told", channel="Reuters"),
    ),
    case(
        "company-denied-that",
        "The company denied that it had dumped waste into the river.",
        q("it had dumped waste into the river", "indirect", None, description="The company", cue="denied"),
    ),
    case(
        "named-company-denied",
        "Norvale Chemicals denied that it had dumped waste into the Tess River.",
        q("it had dumped waste into the Tess River", "indirect", "Norvale Chemicals", cue="denied"),
    ),
    case(
        "thought-verb-believe",
        "Officials believe the fire was set on purpose.",
        q("the fire was set on purpose", "indirect", None, description="Officials", cue="believe", rule="indirect.thought"),
    ),
    case(
        "finding-verb-report-found",
        "The report found that the pier had not been inspected since 2019.",
        q("the pier had not been inspected since 2019", "indirect", None, cue="found", rule="indirect.thought"),
    ),
    case(
        "pronoun-subject-indirect",
        "Laura Chen toured the pier on Monday. She said the repairs would take a year.",
        q("the repairs would take a year", "indirect", "Laura Chen", mention="She", cue="said"),
    ),
    case(
        "indirect-unnamed-spokesperson-for-governor",
        "A spokesperson for Gov. Tom Reyes said the office would review the plan.",
        q(
            "the office would review the plan",
            "indirect",
            None,
            description="A spokesperson for Gov. Tom Reyes",
            represents="Tom Reyes",
        ),
    ),
    case("said-nothing", "She said nothing."),
    case("said-nothing-named", "Tomas Berg said nothing about the vote on Tuesday."),
    case("said-goodbye", "Laura Chen said goodbye to the crew at the dock."),
    case("told-reporters-about-no-clause", "Laura Chen told reporters about the storm."),
    case("want-with-object-no-clause", "Residents want a new bridge before winter."),
    case("alleged-as-adjective", "The alleged thief was caught in Delmont on Monday."),
    case(
        "cue-inside-quotation-not-indirect",
        '"They said the dam was safe," Ines Varga said.',
        q("They said the dam was safe", "direct", "Ines Varga", cue="said"),
    ),
    case(
        "insisted-clause",
        "Laura Chen insisted the pier was safe for visitors.",
        q("the pier was safe for visitors", "indirect", "Laura Chen", cue="insisted", rule="indirect.clause"),
    ),
    case(
        "warned-that-clause",
        "Engineer Paul Novak warned that the dam could fail in another storm.",
        q("the dam could fail in another storm", "indirect", "Paul Novak", cue="warned"),
    ),
    case(
        "told-reporters-that-clause",
        "Laura Chen told reporters that the bridge was safe.",
        q("the bridge was safe", "indirect", "Laura Chen", cue="told", channel=None),
    ),
    case(
        "according-to-organisation",
        "According to the Harbor Police Department, two people were hurt in the crash.",
        q("two people were hurt in the crash", "indirect", "Harbor Police Department", cue="According to"),
    ),
    case("hope-for-no-clause", "Residents hope for rain before the weekend."),
    case(
        "denied-named-person",
        "Tomas Berg denied that he had seen the memo before the vote.",
        q("he had seen the memo before the vote", "indirect", "Tomas Berg", cue="denied"),
    ),
    case(
        "direct-then-added-that-by-pronoun",
        '"The pier is closed," Laura Chen said. She added that repairs would start in May.',
        q("The pier is closed", "direct", "Laura Chen", cue="said"),
        q("repairs would start in May", "indirect", "Laura Chen", mention="She", cue="added"),
    ),
    case("said-with-a-date-only", "Laura Chen said Monday."),
]

# ---------------------------------------------------------------------------
# 4. Quotations without a cue verb

NO_CUE = [
    case(
        "quote-dash-name",
        "\u201cThe ferry is our lifeline.\u201d \u2014 Rosa Delgado",
        q("The ferry is our lifeline.", "direct", "Rosa Delgado", mention="Rosa Delgado", cue=None, rule="direct.name_mark"),
    ),
    case(
        "quote-dash-name-and-role",
        '"We will rebuild, board by board." \u2014 Laura Chen, mayor of Harbor',
        q("We will rebuild, board by board.", "direct", "Laura Chen", rule="direct.name_mark"),
    ),
    case(
        "surname-colon-quote",
        'Harbor Mayor Laura Chen spoke at noon.\n\nChen: "We will rebuild the pier."',
        q("We will rebuild the pier.", "direct", "Laura Chen", mention="Chen", cue=None, rule="direct.name_mark"),
    ),
    case(
        "wrote-colon-lead-in-paragraph",
        'In a letter to residents, Tom Reyes wrote:\n\n"The water is safe to drink."',
        q("The water is safe to drink.", "direct", "Tom Reyes", cue="wrote", rule="direct.lead_in"),
    ),
    case(
        "continuation-paragraph",
        '"The dam held," engineer Paul Novak said.\n\n"But it will not hold another storm like this one."',
        q("The dam held", "direct", "Paul Novak", cue="said"),
        q("But it will not hold another storm like this one.", "direct", "Paul Novak", cue=None, rule="direct.continuation"),
    ),
    case(
        "bare-quote-no-speaker",
        '"Nobody knows what happens next."',
        q("Nobody knows what happens next.", "direct", None, mention=None, cue=None, rule="direct.no_cue"),
    ),
    case(
        "narrative-paragraph-breaks-continuation",
        '"The dam held," Paul Novak said.\n\nThe river crested at noon on Sunday.\n\n"Nobody knows what happens next."',
        q("The dam held", "direct", "Paul Novak"),
        q("Nobody knows what happens next.", "direct", None, rule="direct.no_cue"),
    ),
    case(
        "surname-wrote-colon-lead-in",
        'Gov. Tom Reyes sent a letter to residents on Friday. Reyes wrote:\n\n"The water is safe to drink."',
        q("The water is safe to drink.", "direct", "Tom Reyes", mention="Reyes", cue="wrote", rule="direct.lead_in"),
    ),
    case(
        "continuation-after-colon-introduced-quote",
        'Joan Pike, a nurse at the clinic, said: "We ran out of beds by noon."\n\n"We put people in the hallway."',
        q("We ran out of beds by noon.", "direct", "Joan Pike", cue="said"),
        q("We put people in the hallway.", "direct", "Joan Pike", rule="direct.continuation"),
    ),
]

# ---------------------------------------------------------------------------
# 5. Speakers

SPEAKERS = [
    case(
        "it-is-the-organisation-not-the-previous-person",
        '"We are ready for the season," Dana Ruiz said. Halvorsen Marine Services runs the pier. '
        "It said the repairs would take a month.",
        q("We are ready for the season", "direct", "Dana Ruiz"),
        q("the repairs would take a month", "indirect", "Halvorsen Marine Services", mention="It"),
    ),
    case(
        "it-with-no-organisation-near-is-unnamed",
        '"We are ready for the season," Dana Ruiz said. The pier was busy. It said the repairs would take a month.',
        q("We are ready for the season", "direct", "Dana Ruiz"),
        q("the repairs would take a month", "indirect", None, mention="It"),
    ),
    case(
        "the-company-is-the-company-named-before",
        "The pier is run under contract by Halvorsen Marine Services of Port Elms. "
        "The company denied that it had skipped any inspection.",
        q("it had skipped any inspection", "indirect", "Halvorsen Marine Services of Port Elms", mention="The company"),
    ),
    case(
        "the-companys-office-speaks-for-it-not-for-whom-it-told",
        "Halvorsen Marine Services runs the pier. In a statement to Channel 9, the company's office "
        "denied that it had skipped any inspection.",
        q("it had skipped any inspection", "indirect", "Halvorsen Marine Services", mention="the company's office"),
    ),
    case(
        "a-public-body-is-not-the-company",
        "The Port Elms City Council met on Monday. The company denied that it had skipped any inspection.",
        q("it had skipped any inspection", "indirect", None, mention="The company"),
    ),
    case(
        "an-indefinite-company-stays-unnamed",
        "Halvorsen Marine Services runs the pier. A company in the next town said that the pier was unsafe.",
        q("the pier was unsafe", "indirect", None),
    ),
    case(
        "full-name",
        '"We need more nurses," Grace Mitchell said.',
        q("We need more nurses", "direct", "Grace Mitchell", mention="Grace Mitchell"),
    ),
    case(
        "surname-only-resolved",
        'Grace Mitchell runs the clinic in Delmont.\n\n"We need more nurses," Mitchell said.',
        q("We need more nurses", "direct", "Grace Mitchell", mention="Mitchell"),
    ),
    case(
        "surname-the-ner-labels-an-organisation",
        'Grace Turner runs the clinic in Delmont.\n\n"We need more nurses," Turner said.',
        q("We need more nurses", "direct", "Grace Turner", mention="Turner"),
    ),
    case(
        "first-name-only-resolved",
        'Grace Mitchell runs the clinic in Delmont.\n\n"We need more nurses," Grace said.',
        q("We need more nurses", "direct", "Grace Mitchell", mention="Grace"),
    ),
    case(
        "transposed-surname-resolved",
        'Councilman Dale Brunsky voted against the budget.\n\n"This budget is a fantasy," Brusnky said.',
        q("This budget is a fantasy", "direct", "Dale Brunsky", mention="Brusnky"),
    ),
    case(
        "title-mayor-stripped",
        '"We will rebuild," Mayor Laura Chen said.',
        q("We will rebuild", "direct", "Laura Chen"),
    ),
    case(
        "title-gov-stripped",
        '"The roads stay closed," Gov. Tom Reyes said.',
        q("The roads stay closed", "direct", "Tom Reyes"),
    ),
    case(
        "definite-role-the-mayor",
        'Harbor Mayor Laura Chen visited the pier on Monday.\n\n"It is worse than we feared," the mayor said.',
        q("It is worse than we feared", "direct", "Laura Chen", mention="the mayor", rule="direct.cue_role"),
    ),
    case(
        "definite-role-with-adjective",
        'Mayor Laura Chen, a Republican, visited the pier.\n\n"It is worse than we feared," the Republican mayor said.',
        q("It is worse than we feared", "direct", "Laura Chen", mention="the Republican mayor"),
    ),
    case(
        "indefinite-role-unresolved",
        '"The pier is closed until further notice," a spokesperson said.',
        q("The pier is closed until further notice", "direct", None, description="a spokesperson", represents=None),
    ),
    case(
        "indefinite-role-not-linked-as-speaker",
        'Mayor Laura Chen toured the pier on Monday.\n\n"Repairs start soon," a spokesperson said.',
        q("Repairs start soon", "direct", None, description="a spokesperson"),
    ),
    case(
        "spokesperson-for-governor",
        '"The governor has no comment," a spokesperson for Gov. Tom Reyes said.',
        q(
            "The governor has no comment",
            "direct",
            None,
            description="a spokesperson for Gov. Tom Reyes",
            represents="Tom Reyes",
        ),
    ),
    case(
        "pronoun-he-picks-the-man",
        'Laura Chen and Tomas Berg toured the pier on Monday.\n\n"We saw cracks everywhere," he said.',
        q("We saw cracks everywhere", "direct", "Tomas Berg", mention="he", rule="direct.cue_pronoun"),
    ),
    case(
        "pronoun-she-picks-the-woman",
        'Laura Chen and Tomas Berg toured the pier on Monday.\n\n"We saw cracks everywhere," she said.',
        q("We saw cracks everywhere", "direct", "Laura Chen", mention="she"),
    ),
    case(
        "pronoun-she-after-her-own-quote",
        'Tomas Berg watched from the shore.\n\n"The pier is closed," Laura Chen said.\n\n"It will stay closed all summer," she said.',
        q("The pier is closed", "direct", "Laura Chen"),
        q("It will stay closed all summer", "direct", "Laura Chen", mention="she"),
    ),
    case(
        "organisation-speaker",
        '"Officers closed Dune Road overnight," the Harbor Police Department said.',
        q("Officers closed Dune Road overnight", "direct", "Harbor Police Department", cue="said"),
    ),
    case(
        "unnamed-man-heard-saying",
        'In the video, a man can be heard saying, "Get off the bridge now."',
        q("Get off the bridge now.", "direct", None, description="a man"),
    ),
    case(
        "unnamed-fisherman",
        '"Nobody warned us," a fisherman on the pier said.',
        q("Nobody warned us", "direct", None, description="a fisherman on the pier"),
    ),
    case(
        "name-inside-quote-not-speaker",
        '"Chen lied to all of us," Tomas Berg said.',
        q("Chen lied to all of us", "direct", "Tomas Berg", mention="Tomas Berg"),
    ),
    case(
        "reported-name-inside-quote-not-speaker",
        "\u201cLaura Chen told us the pier was safe,\u201d said Tomas Berg.",
        q("Laura Chen told us the pier was safe", "direct", "Tomas Berg", cue="said"),
    ),
    case(
        "verb-first-definite-role",
        'Harbor Mayor Laura Chen visited the pier.\n\n"It is worse than we feared," said the mayor.',
        q("It is worse than we feared", "direct", "Laura Chen", mention="the mayor"),
    ),
    case(
        "possessive-role-the-citys-mayor",
        'Mayor Laura Chen visited the pier.\n\n"It is worse than we feared," the city\'s mayor said.',
        q("It is worse than we feared", "direct", "Laura Chen"),
    ),
    case(
        "definite-role-the-spokeswoman",
        'Joan Pike, a spokeswoman for the county, met reporters.\n\n"The shelter is full," the spokeswoman said.',
        q("The shelter is full", "direct", "Joan Pike", mention="the spokeswoman"),
    ),
    case(
        "governors-aide-represents-the-governor",
        'Gov. Tom Reyes toured the coast.\n\n"He is furious," the governor\'s aide said.',
        q("He is furious", "direct", None, represents="Tom Reyes"),
    ),
    case(
        "appositive-speaker",
        'Joan Pike, a nurse at the clinic, said: "We ran out of beds."',
        q("We ran out of beds.", "direct", "Joan Pike", mention="Joan Pike"),
    ),
    case(
        "pronoun-he-after-woman-meets-man",
        'Laura Chen met Peter Voss at the pier.\n\n"It is finished," he said.',
        q("It is finished", "direct", "Peter Voss", mention="he"),
    ),
    case(
        "named-organisation-in-a-statement",
        'Norvale Chemicals said in a statement: "We follow every rule."',
        q("We follow every rule.", "direct", "Norvale Chemicals", cue="said", channel="statement"),
    ),
    case(
        "organisation-then-it-said-next-paragraph",
        '"We will appeal," the Harbor Port Authority said.\n\n"The ruling is wrong," it said.',
        q("We will appeal", "direct", "Harbor Port Authority", mention="the Harbor Port Authority"),
        q("The ruling is wrong", "direct", "Harbor Port Authority", mention="it"),
    ),
    case(
        "organisation-then-it-said-same-paragraph",
        '"We will appeal," the Harbor Port Authority said. "The ruling is wrong," it said.',
        q("We will appeal", "direct", "Harbor Port Authority"),
        q("The ruling is wrong", "direct", "Harbor Port Authority", mention="it"),
    ),
    case(
        "pronoun-ignores-name-inside-quote",
        'Laura Chen spoke first.\n\n"Tomas Berg knew about the cracks," she said.',
        q("Tomas Berg knew about the cracks", "direct", "Laura Chen", mention="she"),
    ),
]

# ---------------------------------------------------------------------------
# 5b. Cue choice and subjects in long sentences (each case: the shape that went wrong before)

CUE_CHOICE = [
    case(
        "fragment-after-a-surname-the-ner-left-untagged-is-that-person-s",
        "Rep. Ana Ruiz faces a complaint. Ruiz dismissed the complaint as \u201ca desperate stunt from a campaign "
        "that has nothing to say.\u201d",
        q("a desperate stunt from a campaign that has nothing to say.", "partial", "Ana Ruiz", cue="dismissed"),
    ),
    case(
        "fragment-takes-its-own-clause-subject-not-the-next-sentence-cue",
        "Mayor Ines Duarte dismissed the report as \u201ca work of fiction.\u201d Later, council member Tom Ode said he would read it.",
        q("a work of fiction.", "partial", "Ines Duarte", cue="dismissed"),
        q("he would read it", "indirect", "Tom Ode", cue="said"),
    ),
    case(
        "fragment-in-a-reported-clause-stays-the-reporter-s",
        "Tom Ode wrote on Friday that the mayor, in a long meeting with the harbour board, had dismissed the report "
        "as \u201ca work of fiction.\u201d",
        q(
            "the mayor, in a long meeting with the harbour board, had dismissed the report as \u201ca work of fiction",
            "indirect",
            "Tom Ode",
        ),
        q("a work of fiction.", "partial", "Tom Ode", cue="wrote"),
    ),
    case(
        "fragment-under-according-to-is-the-source-s",
        "The host mocked the staff as \u201clazy,\u201d according to show insiders.",
        q("lazy", "partial", None, mention="insiders", cue="according to"),
    ),
    case(
        "passive-cue-takes-its-agent",
        "\u201cWe will not be moved\u201d was first sung by Nora Quinn at a rally in 1990.",
        q("We will not be moved", "direct", "Nora Quinn", mention="Nora Quinn", cue="sung"),
    ),
    case(
        "participle-after-footage-of-a-person",
        "The ad shows footage of Laura Chen asking, \u201cWho will pay for this?\u201d",
        q("Who will pay for this?", "direct", "Laura Chen", mention="Laura Chen", cue="asking"),
    ),
    case(
        "concludes-with-is-no-cue",
        "The ad concludes with footage of Tom Reyes saying, \u201cThat makes me smart.\u201d",
        q("That makes me smart.", "direct", "Tom Reyes", cue="saying"),
    ),
    case(
        "continued-without-object-is-a-cue",
        "\u201cWe will rebuild,\u201d she continued.",
        q("We will rebuild", "direct", None, mention="she", cue="continued"),
    ),
    case(
        "name-apposition-then-verb",
        "\u201cThe pier is safe. We checked it twice,\u201d Ana Diaz, a top harbour engineer, said Thursday on the radio.",
        q("The pier is safe. We checked it twice", "direct", "Ana Diaz", mention="Ana Diaz", cue="said"),
    ),
    case(
        "participle-cue-takes-the-sentence-subject",
        "Tom Reyes hardly settled the matter, treating the question first as a joke -- \u201cThat makes me lucky\u201d "
        "-- and, when pressed, asserting, \u201cOf course I paid.\u201d",
        q("That makes me lucky", "direct", "Tom Reyes"),
        q("Of course I paid.", "direct", "Tom Reyes", mention="Tom Reyes", cue="asserting"),
    ),
    case(
        "according-to-a-speech-someone-gave",
        "The tax would curb \u201cshort-term\u201d thinking, according to a speech Ana Diaz gave in June.",
        q("The tax would curb \u201cshort-term\u201d thinking", "indirect", None, cue="according to"),
        q("short-term", "partial", "Ana Diaz", mention="Ana Diaz", cue="according to"),
    ),
    case(
        "colon-introduces-the-subject-s-words",
        "Mayor Ines Duarte has a new message for voters: \u201cShow up.\u201d",
        q("Show up.", "direct", "Ines Duarte", mention="Ines Duarte"),
    ),
    case(
        "colon-beats-a-cue-in-the-next-sentence",
        "I laughed, and she got so angry that I had to change my answer: \u201cOf course I believe it.\u201d "
        "To which she said, \u201cGood.\u201d",
        q("Of course I believe it.", "direct", None, mention="I"),
        q("Good.", "direct", None, mention="she", cue="said"),
    ),
    case(
        "negated-verb-is-no-cue",
        "\u201cWe will not pay,\u201d Tom Reyes said after the meeting. He did not suggest a new date. "
        "\u201cOur goal is a fair deal.\u201d",
        q("We will not pay", "direct", "Tom Reyes", cue="said"),
        q("Our goal is a fair deal.", "direct", "Tom Reyes", cue=None, rule="direct.same_paragraph"),
    ),
    case(
        "quote-after-a-sentence-about-a-person",
        "Sen. Ana Diaz named fatigue as the main reason. \u201cPeople are tired of waiting.\u201d",
        q("People are tired of waiting.", "direct", "Ana Diaz", mention="Ana Diaz", rule="direct.previous_sentence"),
    ),
    case(
        "quote-after-a-sentence-about-no-person",
        "The river crested at noon. \u201cNobody knows what happens next.\u201d",
        q("Nobody knows what happens next.", "direct", None, mention=None, rule="direct.no_cue"),
    ),
    case(
        "quote-inside-a-sentence-does-not-take-the-previous-subject",
        "Tom Reyes spoke first. All this led the harbour clerk to fear a \u201cPermanent Closure.\u201d",
        q("Permanent Closure.", "direct", None, mention=None, rule="direct.no_cue"),
    ),
    case(
        "thought-verb-tagged-after-the-quote",
        "\u201cWhy is the pier still closed?\u201d Nora Quinn demanded.",
        q("Why is the pier still closed?", "direct", "Nora Quinn", cue="demanded"),
    ),
    case("thought-verb-near-a-scare-quote-is-no-tag", 'He keeps turning his "loyal" fans into believing anything.'),
    case(
        "signed-line-beats-a-cue-nearby",
        "Many readers wrote in, and some said they would vote.\n\u201cThe ferry is our lifeline.\u201d \u2015 Rosa Delgado",
        q("they would vote", "indirect", None, cue="said"),
        q("The ferry is our lifeline.", "direct", "Rosa Delgado", mention="Rosa Delgado", rule="direct.name_mark"),
    ),
    case(
        "possessed-claim-is-its-owner-s",
        "The fact-checkers examined Tom Reyes\u2019s claim that there were \u201cthousands of crashes\u201d on the bridge.",
        q("thousands of crashes", "partial", "Tom Reyes", mention="Tom Reyes", cue="claim"),
    ),
    case(
        "relative-pronoun-is-the-mention",
        "The mayor thanked Nora Quinn, who said the pier was \u201cbeyond repair.\u201d",
        q("the pier was \u201cbeyond repair", "indirect", "Nora Quinn", mention="who", cue="said"),
        q("beyond repair.", "partial", "Nora Quinn", mention="who", cue="said"),
    ),
    case(
        "relative-pronoun-after-a-list-stands-for-the-last-name",
        "The guests included Will Hart, Rosa Delgado and Ana Diaz, who joked, \u201cI came for the cake.\u201d",
        q("I came for the cake.", "direct", "Ana Diaz", mention="who", cue="joked"),
    ),
]

# ---------------------------------------------------------------------------
# 6. Channels

CHANNELS = [
    case(
        "told-fox-news",
        '"The bridge is safe," Laura Chen told Fox News.',
        q("The bridge is safe", "direct", "Laura Chen", cue="told", channel="Fox News"),
    ),
    case(
        "told-fox-news-digital-alias",
        '"The bridge is safe," Laura Chen told Fox News Digital.',
        q("The bridge is safe", "direct", "Laura Chen", cue="told", channel="Fox News"),
    ),
    case(
        "told-fox-news-indirect",
        "Laura Chen told Fox News that the bridge was safe.",
        q("the bridge was safe", "indirect", "Laura Chen", cue="told", channel="Fox News"),
    ),
    case(
        "wrote-on-x",
        '"The vote was rigged," Tomas Berg wrote on X.',
        q("The vote was rigged", "direct", "Tomas Berg", cue="wrote", channel="X"),
    ),
    case(
        "wrote-on-twitter-is-x",
        '"The vote was rigged," Tomas Berg wrote on Twitter.',
        q("The vote was rigged", "direct", "Tomas Berg", cue="wrote", channel="X"),
    ),
    case(
        "said-in-a-statement",
        '"We regret the delay," Laura Chen said in a statement.',
        q("We regret the delay", "direct", "Laura Chen", cue="said", channel="statement"),
    ),
    case(
        "said-in-a-statement-indirect",
        "Laura Chen said in a statement that the delay was regrettable.",
        q("the delay was regrettable", "indirect", "Laura Chen", cue="said", channel="statement"),
    ),
    case(
        "said-in-a-statement-released-friday-that",
        "Laura Chen said in a statement released Friday that the delay was regrettable.",
        q("the delay was regrettable", "indirect", "Laura Chen", cue="said", channel="statement"),
    ),
    case(
        "told-kdvr",
        '"The shelter is full," Laura Chen told KDVR.',
        q("The shelter is full", "direct", "Laura Chen", cue="told", channel="KDVR"),
    ),
    case(
        "told-fox31-is-kdvr",
        '"The shelter is full," Laura Chen told FOX31.',
        q("The shelter is full", "direct", "Laura Chen", cue="told", channel="KDVR"),
    ),
    case(
        "told-local-outlet-alias",
        '"The shelter is full," Laura Chen told the Courier.',
        q("The shelter is full", "direct", "Laura Chen", cue="told", channel="Valley Courier"),
    ),
    case(
        "said-on-a-day-no-channel",
        '"We regret the delay," Laura Chen said on Monday.',
        q("We regret the delay", "direct", "Laura Chen", cue="said", channel=None),
    ),
    case(
        "told-reporters-no-channel",
        '"We regret the delay," Laura Chen told reporters.',
        q("We regret the delay", "direct", "Laura Chen", cue="told", channel=None),
    ),
    case(
        "wrote-in-an-email",
        '"We regret the delay," Laura Chen wrote in an email.',
        q("We regret the delay", "direct", "Laura Chen", cue="wrote", channel="email"),
    ),
    case(
        "told-the-associated-press",
        '"The shelter is full," Laura Chen told The Associated Press.',
        q("The shelter is full", "direct", "Laura Chen", cue="told", channel="Associated Press"),
    ),
    case(
        "said-in-an-interview-with-outlet",
        '"The shelter is full," Laura Chen said in an interview with Fox News.',
        q("The shelter is full", "direct", "Laura Chen", cue="said", channel="Fox News"),
    ),
]

# ---------------------------------------------------------------------------
# 7. Zones

ZONES = [
    case(
        "headline-name-colon-quote",
        "Chen: 'We will rebuild the pier'\n\nHarbor Mayor Laura Chen spoke on Monday after the storm.",
        q("We will rebuild the pier", "direct", "Laura Chen", zone="headline"),
    ),
    case(
        "headline-partial-quote",
        "Chen vows 'we will rebuild' after storm\n\nHarbor Mayor Laura Chen spoke on Monday after the storm.",
        q("we will rebuild", "partial", "Laura Chen", zone="headline"),
    ),
    case(
        "headline-then-body-quote",
        'Pier closed after storm\n\n"The pier is closed," Mayor Laura Chen said.',
        q("The pier is closed", "direct", "Laura Chen", zone="body"),
    ),
    case(
        "update-stamp-zone",
        "The coast road is closed.\n\n2:51 PM PT -- A spokesperson for Gov. Tom Reyes told KDVR the road would reopen.",
        q(
            "the road would reopen",
            "indirect",
            None,
            represents="Tom Reyes",
            cue="told",
            channel="KDVR",
            zone="update",
        ),
    ),
]

ALL_CASES = MARK_STYLES + APOSTROPHES + MESSY_MARKS + PARTIAL + INDIRECT + NO_CUE + SPEAKERS + CUE_CHOICE + CHANNELS + ZONES


@pytest.mark.parametrize(("text", "expected", "warnings"), ALL_CASES)
def test_quote_pattern(text: str, expected: list[dict[str, Any]], warnings: list[str], nlp, registry) -> None:
    extraction = quotes_of(text, nlp, registry)
    found = [observed(quote, list(want)) for quote, want in zip(extraction.quotes, expected, strict=False)]
    assert [quote.text for quote in extraction.quotes] == [want["text"] for want in expected]
    assert found == expected
    assert [warning.code for warning in extraction.warnings] == warnings


# ---------------------------------------------------------------------------
# Subjects the parser hides: real parses of sentences the model misreads, each test
# checking first that the parse has the shape it is about.


def _cue_in(text: str, word: str, nlp) -> tuple[Token, list[tuple[int, int]]]:  # type: ignore[no-untyped-def]
    """The token `word` in the parse of `text`, and the text's quotations (“…”)."""
    doc = nlp(text)
    quoted, at = [], text.find("\u201c")
    while at != -1:
        end = text.index("\u201d", at) + 1
        quoted.append((at, end))
        at = text.find("\u201c", end)
    (cue,) = [t for t in doc if t.text == word]
    return cue, quoted


def test_subject_before_an_apposition_when_the_verb_has_none(nlp) -> None:  # type: ignore[no-untyped-def]
    # the parse hangs "Tom Brandt" on "Facebook" as an apposition: "said" has no subject
    text = (
        "In a post on Facebook, Tom Brandt, the director of the Harbour Wildlife Trust of the United States, "
        "said he was \u201cgrateful\u201d that the mayor would wait."
    )
    said, quoted = _cue_in(text, "said", nlp)
    assert not [c for c in said.children if c.dep_.startswith("nsubj")]
    subject = subject_of(said, quoted)
    assert subject is not None and subject.text == "Brandt"


def test_no_name_before_a_comma_that_closes_no_apposition(nlp) -> None:  # type: ignore[no-untyped-def]
    # "“Yes,” a clerk said, quietly." — nothing to take; the verb's own subject is used.
    said, quoted = _cue_in("\u201cYes,\u201d a clerk said, quietly.", "said", nlp)
    subject = subject_of(said, quoted)
    assert subject is not None and subject.text == "clerk"


def test_participle_cue_hung_too_deep_to_climb_takes_the_subject_before_it(nlp) -> None:  # type: ignore[no-untyped-def]
    # "describing" hangs from "fostering", under "of" and "accuse": no verb the climb reaches
    # has a subject, so the subject before it is taken (not the "who" after it)
    text = (
        "Later, several of his former staff came forward to accuse Mr. Brandt of fostering a hostile culture, "
        "describing a boss with a quick temper who called them \u201cuseless.\u201d"
    )
    describing, quoted = _cue_in(text, "describing", nlp)
    assert describing.head.text == "fostering"
    subject = subject_of(describing, quoted)
    assert subject is not None and subject.text == "several"


def test_verb_hung_from_a_name_takes_that_name(nlp) -> None:  # type: ignore[no-untyped-def]
    # "It angered John Smith, called “a disgrace”." — the verb is an acl of the name: not "It".
    called, quoted = _cue_in("It angered John Smith, called \u201ca disgrace\u201d.", "called", nlp)
    assert called.dep_ == "acl" and called.head.text == "Smith" and called.head.ent_type_ == "PERSON"
    subject = subject_of(called, quoted)
    assert subject is not None and subject.text == "Smith"
