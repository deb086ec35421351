"""A small hand-written story analysis, as `corroborate ingest` would store it: two outlets,
one person named two ways, a role word as a speaker "name", an unnamed speaker, one quote
group whose long quote differs, one claim group and a citation. No model needed."""

from __future__ import annotations

from corroborate.model import (
    Analysis,
    Article,
    CitationEdge,
    Claim,
    ClaimGroup,
    Entity,
    GroupMember,
    Mention,
    Provenance,
    Quote,
    QuoteGroup,
    QuotePair,
    Speaker,
    Zone,
)

LEDGER = (
    "Harbour bridge to close for repairs.\n\n"
    "The harbour bridge will close for six weeks of repairs starting in March, the city said on Monday.\n\n"
    '"We have asked every driver who crosses the bridge each morning to plan another route well before the work begins," '
    "Obama said.\n\n"
    '"Nobody was hurt," Police said.\n\n'
    '"The detour adds ten minutes," a spokesperson said.'
)
POST = (
    "The harbour bridge will close for six weeks of repairs starting in March, the city said on Monday.\n\n"
    '"We asked the drivers who cross the bridge every morning to find another route long before the work starts," '
    "Barack Obama said, according to the Daily Ledger."
)


def _quote(qid: str, article: str, text: str, body: str, speaker: Speaker) -> Quote:
    start = body.index(text)
    return Quote(
        id=qid,
        article=article,
        kind="direct",
        text=text,
        start=start,
        end=start + len(text),
        zone="body",
        speaker=speaker,
        rule="test",
        confidence=0.9,
    )


def small_analysis(*, titled: bool = True) -> Analysis:
    ledger_long = (
        "We have asked every driver who crosses the bridge each morning to plan another route well before the work begins,"
    )
    post_long = "We asked the drivers who cross the bridge every morning to find another route long before the work starts,"
    articles = (
        Article(
            id="ledger-1",
            source="ledger-1.txt",
            outlet="Daily Ledger",
            title="Harbour bridge to close for repairs" if titled else None,
            published="2026-03-02",
            language="en",
            text=LEDGER,
            zones=(Zone(kind="headline", start=0, end=LEDGER.index("\n\n")),),
        ),
        Article(
            id="post-1", source="post-1.txt", outlet="Valley Post", title=None, published="2026-03-03", language="en", text=POST
        ),
    )
    quotes = (
        _quote("ledger-1-q1", "ledger-1", ledger_long, LEDGER, Speaker(entity="e1", name="Obama")),
        _quote("ledger-1-q2", "ledger-1", "Nobody was hurt,", LEDGER, Speaker(name="Police")),
        _quote("ledger-1-q3", "ledger-1", "The detour adds ten minutes,", LEDGER, Speaker(name="", description="a spokesperson")),
        _quote("post-1-q1", "post-1", post_long, POST, Speaker(entity="e1", name="Barack Obama")),
    )
    lead = "The harbour bridge will close for six weeks of repairs starting in March, the city said on Monday."
    claims = (
        Claim(id="c1", article="ledger-1", text=lead, start=LEDGER.index(lead), end=LEDGER.index(lead) + len(lead)),
        Claim(id="c2", article="post-1", text=lead, start=0, end=len(lead)),
    )
    return Analysis(
        provenance=Provenance(tool_version="test", model=None, model_version=None, settings={}, inputs=(), created="2026-03-04"),
        articles=articles,
        entities=(
            Entity(
                id="e1",
                name="Barack Obama",
                kind="person",
                aliases=("Obama",),
                mentions=(
                    Mention(article="post-1", start=POST.index("Barack"), end=POST.index("Barack") + 12, text="Barack Obama"),
                ),
            ),
            Entity(id="e2", name="Harbour City", kind="place"),
            Entity(id="e3", name="Daily Ledger", kind="organization"),
            Entity(id="e4", name="Maria Lopez", kind="person"),
            Entity(id="e5", name="Police", kind="person"),
        ),
        quotes=quotes,
        quote_groups=(
            QuoteGroup(
                id="g1",
                quotes=("ledger-1-q1", "post-1-q1"),
                members=(
                    GroupMember(quote="ledger-1-q1", start=quotes[0].start, end=quotes[0].end),
                    GroupMember(quote="post-1-q1", start=quotes[3].start, end=quotes[3].end),
                ),
                difference="substantive",
                pairs=(
                    QuotePair(
                        a="ledger-1-q1",
                        b="post-1-q1",
                        difference="substantive",
                        changed=(
                            ("have", "every driver", "crosses", "each", "plan", "well", "begins"),
                            ("the drivers", "cross", "every", "find", "long", "starts"),
                        ),
                    ),
                ),
                speakers=("e1",),
                independent_origins=1,
            ),
        ),
        claims=claims,
        claim_groups=(ClaimGroup(id="cg1", claims=("c1", "c2"), status="corroborated", outlets=("Daily Ledger", "Valley Post")),),
        citation_graph=(CitationEdge(source="Valley Post", cites="Daily Ledger", count=1),),
    )
