"""Citations: every place an article names where something came from ("told the New
York Post", "said on Fox News", "according to KMBK", "obtained by KDVR", "wrote on
X", "Politico was first to report", "in a Washington Post op-ed", "an NBC News/Wall
Street Journal poll", "tweeted", "per the AP", "the Fox News Decision Desk projected",
"told the Orbis News Agency" and then "according to Orbis").

A citation is a cue of the grammar of attribution next to a name of the right shape:

- the cue: a verb and its preposition before the name ("told", "said on", "in an
  interview with", "posted online by", "according to", "in a statement to"), a verb
  or a media noun after it ("reported", "now reports", "was first to report", "poll",
  "op-ed"; "said", "referred to her as" after an organisation's name, not a person's
  or a platform's), or the frame of a medium around it ("in a Washington Post op-ed");
- the name: one the outlet registry knows (by name or alias: a station's call sign
  and brand are one outlet), a station's call sign (KTVI, WMUR-TV), a programme in
  quotation marks or after its network ("said on 'Face the Nation'", "ABC's 'This
  Week'": the registry ties it to the network), a name shaped like a news
  organisation's ("The Indianapolis Star", "the newspaper The Hill", "the Cook Political
  Report"), a host's programme ("on Sean Hannity's radio show", "told Fox News host Mike
  Huckabee on his radio show": the show, not the network), a short name one
  outlet of the story accounts for ("The Post"), a descriptor standing for the outlet
  last cited ("He told the newspaper"), or a host the article has tied to an outlet
  ("MSNBC's Joy Reid" ... "told Reid").

A platform needs less: "on Twitter", "a Twitter post", "tweeted". A medium ("in a
statement", "an email", "a video") is no citation: it is the channel of the speaker's
quotation (see `nlp/channels.py`), not an outlet. Words inside a quotation are the
speaker's: "according to ABC News" in a candidate's quoted remarks is no citation
of the article's.

The registry only adds aliases and outlet identity: a name of the right shape next to
a cue is a citation whether or not the registry knows it. A person whose surname is an
outlet's bare name ("Hill", "Post") is no outlet: "The Hill" needs its article.

An article whose outlet is unknown is recognised as the outlet it speaks as: "told
TMZ in response to our story", "When the Post asked", "We've reached out" with one
outlet interviewing. Its citations of itself are marked `self`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Article, Citation, CitationEdge, Notice
from corroborate.nlp.names import MASTHEAD_WORDS
from corroborate.nlp.quotemarks import find_quote_spans

_DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
# Time and manner words a cue may hold between its verb and its preposition:
# "in an interview Tuesday on Fox News", "wrote last month in", "first posted online by".
_WHEN = (
    rf"(?:\s+(?:(?:on|last|this|late|early)\s+)?(?:{_DAYS})(?:\s+(?:morning|afternoon|evening|night))?"
    rf"|\s+in\s+(?:{_MONTHS})|\s+(?:last|this|next)\s+(?:week|month|year|night|morning|evening|weekend)"
    rf"|\s+(?:on\s+)?(?:{_MONTHS}|Jan|Feb|Aug|Sept?|Oct|Nov|Dec)\.?\s+[0-9]{{1,2}}(?:,\s+[0-9]{{4}})?"
    r"|\s+(?:today|yesterday|tonight|earlier|later|recently|previously|again|also|first|originally|initially|online|"
    r"publicly|exclusively|separately|directly|briefly))*"
)
_SPEAK = r"said|says|saying|say|spoke|speaks|speaking|speak|talked|talks|talking|commented|explained|added"
_ON_AIR = (
    r"interviews?|interviewed|appearance|appearances|appeared|appearing|appears|appear|aired|airing|broadcast|segment|"
    r"town hall|went|going|goes"
)
_WROTE = (
    r"posted|posting|posts|wrote|writes|writing|written|shared|sharing|published|publishing|released|releasing|"
    r"reported|printed|obtained|cited|confirmed|provided|conducted|commissioned|hosted|sponsored|carried|quoted|"
    r"aired|broadcast|shown|first reported|video|reviewed|seen|surfaced|compiled|gathered|analy[sz]ed"
)
# A descriptor between the cue and the name: "the newspaper The Hill", "Fox affiliate KTVI".
_DESCRIPTOR = (
    r"(?:\s+(?:the|a|an|his|her|their|its))?"
    r"(?:\s+(?:\w+\s+){0,2}?(?:newspaper|paper|daily|station|network|channel|magazine|website|news site|outlet|"
    r"broadcaster|affiliate|radio station|TV station|television station|program|programme|show))?"
)
# Cue phrases before the cited name. "said on Fox News", "told the New York Post".
_BEFORE = re.compile(
    r"\b(?:(?:told|tells|telling|tell)"
    rf"|(?:{_SPEAK}){_WHEN}\s+(?:on|to|with)"
    rf"|(?:{_ON_AIR}){_WHEN}\s+(?:with|on|by|in|to)"
    rf"|(?:{_WROTE}){_WHEN}\s+(?:by|on|in|to)"
    r"|according to|per|reported by|questions? from|(?:first|originally) reported by|footage (?:from|obtained by)|video (?:from|obtained by)"
    rf"|(?:statement|statements|remarks|comments?|email|e-mail|letter|message)s?{_WHEN}\s+to"
    r"|(?:story|stories|report|reports|reporting|article|piece|op-ed|column)\s+(?:in|by|from)"
    r"|(?:review|analysis|investigation|tally|count|survey|poll)\s+by)"
    rf"{_DESCRIPTOR}\s+[\"“'‘]?(?:the\s+)?$",
    re.I,
)
# Nouns of a medium after the name: "a Washington Post op-ed", "an MSNBC town hall", "An NBC News poll".
_MEDIA_NOUN = (
    r"op-ed|oped|column|editorial|interview|article|story|piece|poll|polls|survey|town hall|debate|forum|broadcast|"
    r"segment|appearance|documentary|analysis|investigation|report|exclusive|special"
)
# Cue words after the cited name. "Channel 7 reported", "Politico was first to report", "X poll".
_AFTER = re.compile(
    # (an aside between the name and its verb: "Politico, citing a person who attended, reported")
    # (and the desk or team of the outlet doing it: "the Fox News Decision Desk projected")
    r"^(?:'s?|’s?)?(?:,[^,.;\n]{1,60},)?(?:\s+(?i:decision|news|politics|polling|investigations?|investigative|data)\s+(?i:desk|team|unit))?"
    r"\s*(?:(?:first|also|earlier|previously|now|recently|exclusively|later|initially|originally|"
    r"separately|had|has|have|then)\s+)*"
    r"(?:reported|reports|is reporting|was reporting|were reporting|"
    r"(?:was|were|is) (?:the )?(?:first|latest|last) to (?:report|publish|break)|first reported|broke the news|"
    r"learned|obtained|aired|broadcast|published|revealed|projected|projects|declared|declares|asked|reached out|confirmed|"
    r"found|quoted|called the (?:race|election|contest)|contributed(?:\s+reporting)?\s+to\s+this\s+(?:report|story|article)|"
    rf"{_MEDIA_NOUN})\b",
    re.I,
)
# An organisation's own words or verdict after its name ("CNN said", "the network referred to her
# as", "the Cook Political Report rated the race"): not for a platform ("Twitter said" is the company).
_AFTER_SPEAKING = re.compile(
    r"^(?:'s?|’s?)?\s*(?:(?:also|earlier|previously|now|later|then|had|has|have)\s+)*"
    r"(?:said|says|(?:wrote|writes)(?!\s+about)|noted|referred to|refers to|called|calls|described|describes|dubbed|labell?ed|"
    r"characteri[sz]ed|predicted|predicts|estimated|estimates|forecast|forecasts|rated|rates|projects)\b",
    re.I,
)
_AFTER_NOUN = re.compile(rf"^(?:'s?|’s?)?\s*(?:{_MEDIA_NOUN})\b", re.I)
# What a platform needs: a preposition ("on Twitter", "over Twitter") or its own nouns after it
# ("a Twitter message"; not "his Twitter account": an account is no source of words).
_PLATFORM_BEFORE = re.compile(r"\b(?:on|to|over|via|onto|through)\s+(?:(?:his|her|their|its|the)\s+)?(?:own\s+)?$", re.I)
_PLATFORM_AFTER = re.compile(r"^(?:'s?|’s?)?\s+(?:message|messages|post|posts|feed|video|videos|thread|live|story|stories)\b")
# A sentence opening with the outlet the words that follow were said on: "On Fox News, ...".
# What makes a one-letter platform ("X") a citation without a verb cue of speaking: a
# post on it, taking to it, or an act or its manner in the clause before "on" ("announced
# the operation on X", "put it more bluntly on X").
_ON_ONE_LETTER = re.compile(
    r"(?:\b(?:a|an|his|her|their|its|the|one)\s+(?:\w+\s+)?(?:post|posts|message|thread|video|statement)\s+on"
    r"|\b(?:took|take|takes|taking)\s+to|\b[a-z]+ed\s+(?:the|a|an|his|her|their|its|it|this|that)\b[^.;:!?\n\"“”]{0,40}?\s+on"
    r"|\b[a-z]+ly\s+on"
    # a speech act right before it ("announced on X"), or an attack on someone ("went after the utility on X")
    r"|\b(?:announced|declared|posted|wrote|said|shared|responded|replied|vowed|claimed|boasted|complained|weighed in)\s+on"
    r"|\b(?:went after|took aim at|hit back at|shot back at|lashed out at|lit into)\b[^.;:!?\n\"“”]{1,40}?\s+on)\s+$"
)
# The letter ends a word of its own, not a list of letters ("X and Y chromosomes").
_LETTER_ALONE = re.compile(r"(?![ \t]+(?:and|or|&)\s+[A-Z]\b)(?:[\s.,;:!?)]|$)")
_OPENING_ON = re.compile(r"(?:^|(?<=[.!?\n])\s*|(?<=[.!?][\"”’'])\s*)\s*On\s+$")
_AFFILIATE = re.compile(r"^\s+affiliate(?:\s+(?:in|of)\s+[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)?")
# The verb ("tweeted", "retweeting"), or the noun as the medium of the words ("In a tweet on
# Friday", "in his own tweet"); "a flurry of tweets" is talk about tweets, not a source.
_TWEET = re.compile(
    r"(?<![\w<>/-])(?:(?:re)?tweet(?:ed|ing)|(?<=\b[Ii]n )(?:a |an |one |his |her |their |its )?(?:own |latest |earlier |later |"
    r"new |subsequent |separate |\w+day )?tweets?)(?![\w-])"
)
_NEWSROOM_ACTS = re.compile(
    r"^\s*(?:asked|has asked|reached out|has reached out|has learned|learned|obtained|has obtained|exclusively|reviewed)\b", re.I
)
_OUR = re.compile(r"\b(?:in response to|after|following) our (?:story|report|reporting|article|inquiry|request)\b", re.I)
_WE = re.compile(
    r"\b(?:we(?:'ve| have)? reached out|we asked|told us|our story|our reporting|we've learned|we have learned)\b", re.I
)
_SHORT_NAME = re.compile(r"\b[Tt]he (?P<word>[A-Z][a-z]+)\b")
# The words a news agency's name ends with: "the Orbis News Agency", who go by their first word.
_AGENCY_WORDS = "News Agency|Press Agency|News Service|Wire Service"
# The last word of a news organisation's name: "The Indianapolis Star", "Christian Broadcasting Network".
_MEDIA_WORDS = (
    "Post|Times|Journal|Tribune|Herald|Gazette|Chronicle|Globe|Star|Sun|Courier|Ledger|Examiner|Inquirer|Observer|"
    "Register|Mirror|Dispatch|Enquirer|Courant|Sentinel|Statesman|Bee|Telegraph|Monitor|Daily|Weekly|Magazine|"
    "Independent|Guardian|Advocate|Bulletin|Beacon|Intelligencer|Clarion|Lantern|Repository|Blade|Argus|Banner|"
    "Picayune|Advertiser|Messenger|Gleaner|Telegram|Transcript|"
    f"{_AGENCY_WORDS}|"
    "Press|Radio|Network|Broadcasting|Television|TV|News|Newspaper|Newspapers|Reporter|Wire|Political Report"
)
_AGENCY = re.compile(rf"(?P<word>[A-Z][a-z]{{2,}})\s+(?:{_AGENCY_WORDS})")
_TITLE_WORD = r"(?:[A-Z][\w&.'’-]*|[0-9]+)"
_SHAPE = re.compile(
    rf"(?<![\w&.'’-])(?!(?:The|A|An|He|She|They|It|In|On|At|But|And|As|When|While)\s)(?:{_TITLE_WORD}\s+)"
    rf"(?:(?!(?:The|A|An)\s){_TITLE_WORD}\s+){{0,3}}"
    rf"(?:[A-Z][a-z]+-)?(?:{_MEDIA_WORDS})(?![\w&'’-]|\s+(?!(?:{_DAYS}|{_MONTHS})\b)[A-Z0-9])"
)
# A station's call sign: K or W and two or three letters, with its band ("KTVI", "WMUR-TV", "KABC radio").
_CALL_SIGN = re.compile(r"(?<![\w-])(?P<sign>[KW][A-Z]{2,3})(?:-(?:TV|FM|AM|DT|HD|LP|CD))?(?![\w-])")
_NOT_CALL_SIGNS = frozenset("WHO WTO WWE WWF WWI WWII WHAT WHY WHEN KGB KKK WASP WIFI WMD WMDS KIND WAS WILL".split())
# "the newspaper", "the station": the outlet cited last, when no name follows.
_ANAPHOR = re.compile(
    r"\b[Tt]he (?:newspaper|paper|station|network|magazine|outlet|broadcaster|website|daily|channel)\b(?!\s+(?:The\s+)?[A-Z])"
)
# A person's name of two or three words ("Joy Reid", "Mike Huckabee").
_FULL_NAME = r"[A-Z][a-z]+(?:\s+[A-Z][a-z'’-]+){1,2}"
# "MSNBC's Joy Reid", "Fox News host Mike Huckabee": a host tied to an outlet.
_HOST = re.compile(
    r"^(?:(?:'s?|’s?)\s+(?:(?:host|anchor|correspondent|reporter)\s+)?|\s+(?:host|anchor|correspondent|reporter)\s+)"
    rf"(?P<name>{_FULL_NAME})\b"
)
# A programme named by its host: "on Sean Hannity's radio show", "on the radio show of former
# candidate Mike Huckabee", "told Fox News host Mike Huckabee on his radio show". Cited as
# "<host>'s <medium>", one name however an outlet words it; a network's own name before the
# medium ("NPR's morning show") cites the network.
_MEDIUM = (
    r"(?:(?:radio|television|TV|talk|cable|nightly|weekly|morning|evening|late-night|Sunday)\s+)*"
    r"(?:show|program|programme|podcast)"
)
_SHOW = re.compile(
    rf"(?<![\w'’-])(?:(?P<owner>[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){{0,2}})['’]s?\s+(?P<medium>{_MEDIUM})"
    rf"|the\s+(?P<medium_of>{_MEDIUM})\s+of\s+(?:[\w-]+\s+){{0,5}}?(?P<host>{_FULL_NAME}))(?![\w'’-]|\s+[A-Z])"
)
_HOSTED_SHOW = re.compile(
    rf"^\s+(?:host|anchor)\s+(?P<host>{_FULL_NAME})\s+on\s+(?:his|her)\s+(?:own\s+)?(?P<medium>{_MEDIUM})\b"
)
# An outlet a story introduces by what it is: "the Estmark newspaper Nordposten",
# "Nordposten, a daily in Halvik", "the public broadcaster RTV Nord".
_OUTLET_KIND = r"(?:newspaper|daily|broadcaster|news agency|wire service|tabloid|magazine|news site|news website|network)"
_NAME = r"(?P<name>[A-Z][\w&’'-]+(?:\s+[A-Z][\w&’'-]+){0,3})"
_INTRODUCED = (
    re.compile(rf"\b(?:the|a|an)\s+(?:[\w-]+\s+){{0,2}}?{_OUTLET_KIND}\s+{_NAME}"),
    # (the kind ends the phrase: "Hugh Hefner, the Playboy magazine founder" is no outlet)
    re.compile(
        rf"{_NAME},\s+(?:the|a|an)\s+(?:[\w-]+\s+){{0,2}}?{_OUTLET_KIND}"
        r"(?=\s*[,.;:)]|\s+(?:in|of|from|based|that|which|owned|published|run)\b)"
    ),
)
# A network's programme: "UBC's “Sunday Briefing”" (the network, by its capitals).
_NETWORK_SHOW = re.compile(r"(?<![\w-])(?P<network>[A-Z][A-Za-z]*[A-Z])['’]s\s+[\"“](?P<title>[A-Z][^\"“”\n]{1,60}?)[.,!?]?[\"”]")
_QUOTED_TITLE = re.compile(r"[\"“‘'](?P<title>[A-Z0-9][^\"“”‘’\n]{1,60}?)[.,!?]?[\"”’']")
_CONTEXT = 90
_INTERVIEW_CUE = re.compile(r"(?:told|tells|spoke|speaking|speaks|in an interview|an interview)\b", re.I)


class _Candidate(NamedTuple):
    start: int
    end: int
    outlet: str
    rule: str
    platform: bool = False


def _outlet_names(registry: OutletRegistry) -> re.Pattern[str]:
    """One pattern matching every name and alias of the registry, longest first,
    case-sensitively for short all-caps names (X, TMZ) so common words never match.
    A name that is "The" and one word ("The Hill") keeps its article: "Hill" alone is
    a surname."""
    names = set()
    bare = {n for o in registry.outlets.values() for n in (o.name, *o.aliases)}
    for outlet in registry.outlets.values():
        for name in (outlet.name, *outlet.aliases):
            rest = re.sub(r"^(?:the|The)\s+", "", name)
            if rest != name and " " not in rest and rest not in bare and not rest.isupper():
                names.add(
                    re.escape(name[: len(name) - len(rest)].strip()).replace("the", "[Tt]he").replace("The", "[Tt]he")
                    + r"\s+"
                    + re.escape(rest)
                )
            else:
                names.add(re.escape(rest))
    ordered = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<![\w@#/.-])(?:" + "|".join(ordered) + r")(?![\w-]|\.\w)")


# A run of blanks this long is no article's: the light stretches of `nlp.light` read as blank,
# and the name patterns need not be tried at each of their positions (no name spans one).
_BLANK_RUN = re.compile(r"\s{10000,}")


def _finditer(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)`, skipping runs of 10,000 blanks or more (the same matches elsewhere)."""
    start = 0
    for gap in _BLANK_RUN.finditer(text):
        yield from pattern.finditer(text, start, gap.start())
        start = gap.end()
    yield from pattern.finditer(text, start)


def _short_names(
    articles: Sequence[Article], registry: OutletRegistry, names: re.Pattern[str] | None = None, shaped: Sequence[str] = ()
) -> dict[str, str]:
    """'Post' -> 'New York Post' when exactly one outlet whose name ends in that word
    is named (or publishes) in the story, or is cited by a name of its shape: "The
    Post", "The Star" in context. Also the outlets the story introduces by what they
    are ("the Estmark newspaper Nordposten"), each its own name: "According to
    Nordposten" in another article cites it too."""
    pattern = names or _outlet_names(registry)
    named = {o.name for a in articles for m in _finditer(pattern, a.text) if (o := registry.resolve(m.group()))}
    named |= {a.outlet for a in articles if a.outlet}
    named |= set(shaped)
    by_word: dict[str, set[str]] = {}
    for name in named:
        last = name.split()[-1]
        if len(name.split()) > 1 and last in MASTHEAD_WORDS:
            by_word.setdefault(last, set()).add(name)
    found = {word: next(iter(names)) for word, names in by_word.items() if len(names) == 1}
    # A news agency goes by its first word ("the Orbis News Agency" ... "according to Orbis").
    for name in named:
        agency = _AGENCY.fullmatch(name)
        if agency and registry.resolve(agency.group("word")) is None:
            found.setdefault(agency.group("word"), name)
    for article in articles:
        for pattern in _INTRODUCED:
            for match in _finditer(pattern, article.text):
                name = match.group("name")
                if registry.resolve(name) is None and name.split()[0] not in ("The", "A", "An"):
                    found.setdefault(name, name)
    return found


def find_citations(article: Article, registry: OutletRegistry, short_names: dict[str, str] | None = None) -> list[Citation]:
    """The citations of one article, in text order; `self` is left false (see `mark_self`)."""
    return _scan(article, registry, short_names)[0]


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    """The quotations of a text, paragraph by paragraph (the speaker's words)."""
    spans: list[tuple[int, int]] = []
    for match in re.finditer(r"[^\n]+", text):
        found, _ = find_quote_spans(text, match.start(), match.end())
        spans.extend((s.start, s.end) for s in found)
    return spans


def _candidates(text: str, registry: OutletRegistry, short_names: dict[str, str], names: re.Pattern[str]) -> list[_Candidate]:
    """Every name of the right shape in the text, with the outlet it stands for."""
    found: list[_Candidate] = []
    for match in _finditer(names, text):
        outlet = registry.resolve(match.group())
        if outlet is not None:
            found.append(_Candidate(match.start(), match.end(), outlet.name, "citation.registry", outlet.kind == "platform"))
    for match in _finditer(_QUOTED_TITLE, text):
        outlet = registry.by_programme(match.group("title"))
        if outlet is not None:
            found.append(_Candidate(match.start(), match.end(), outlet.name, "citation.programme"))
    for match in _finditer(_SHOW, text):
        host = match.group("owner") or match.group("host")
        outlet = registry.resolve(host)
        name = outlet.name if outlet else _show_name(host, match.group("medium") or match.group("medium_of"))
        found.append(_Candidate(match.start(), match.end(), name, "citation.show"))
    for match in _finditer(_CALL_SIGN, text):
        if match.group("sign") not in _NOT_CALL_SIGNS:
            outlet = registry.resolve(match.group()) or registry.resolve(match.group("sign"))
            found.append(
                _Candidate(match.start(), match.end(), outlet.name if outlet else match.group("sign"), "citation.call_sign")
            )
    for match in _finditer(_SHAPE, text):
        name = re.sub(r"(?:'s?|’s?)$", "", match.group())
        outlet = registry.resolve(name)
        found.append(_Candidate(match.start(), match.start() + len(name), outlet.name if outlet else name, "citation.shape"))
    for match in _finditer(_SHORT_NAME, text):
        if match.group("word") in short_names:
            found.append(_Candidate(match.start("word"), match.end(), short_names[match.group("word")], "citation.short_name"))
    introduced = [name for name in short_names if name not in MASTHEAD_WORDS]
    if introduced:
        pattern = re.compile(
            r"(?<![\w&’'-])(?:" + "|".join(map(re.escape, sorted(introduced, key=len, reverse=True))) + r")(?![\w&-])"
        )
        for match in _finditer(pattern, text):
            found.append(_Candidate(match.start(), match.end(), short_names[match.group()], "citation.introduced"))
    for match in _finditer(_NETWORK_SHOW, text):
        if registry.by_programme(match.group("title")) is None:
            network = match.group("network")
            outlet = registry.resolve(network)
            found.append(_Candidate(match.start(), match.end(), outlet.name if outlet else network, "citation.programme"))
    if (twitter := registry.resolve("Twitter")) is not None:
        found.extend(_Candidate(m.start(), m.end(), twitter.name, "citation.tweet", True) for m in _finditer(_TWEET, text))
    # A name the registry knows inside a longer name of a news organisation's shape is
    # another outlet's ("Independent" in "The Nevada Independent"): the longer one stands;
    # any other overlap goes to the known name.
    shapes = [(c.start, c.end) for c in found if c.rule == "citation.shape"]
    found = [c for c in found if c.rule == "citation.shape" or not any(_extends(text, c, s, e) for s, e in shapes)]
    known = [(c.start, c.end) for c in found if c.rule != "citation.shape"]
    found = [c for c in found if c.rule != "citation.shape" or not any(s < c.end and c.start < e for s, e in known)]
    # Longest name first at one place: "Fox News Sunday" (programme) over "Fox News" inside it.
    return sorted(found, key=lambda c: (c.start, -(c.end - c.start)))


# The words a longer name adds to a known one: capitalised words, nothing between them
# but a space ("Nevada" of "The Nevada Independent"; not "Politico.\n\nFox News", "July's
# Washington Post" or "ABC News-Washington Post").
_ADDED_WORDS = re.compile(r"[ \xa0]*(?:[A-Z][\w&]*[ \xa0]+)*[A-Z][\w&]*[ \xa0]*|[ \xa0]*")


def _extends(text: str, known: _Candidate, start: int, end: int) -> bool:
    """Whether the shape at [start, end) is a longer name holding `known` ("Independent"
    in "The Nevada Independent"), with only capitalised words added around it."""
    if not (start <= known.start and known.end <= end) or (start, end) == (known.start, known.end):
        return False
    return bool(_ADDED_WORDS.fullmatch(text[start : known.start]) and _ADDED_WORDS.fullmatch(text[known.end : end]))


def _hosts(text: str, cited: Sequence[Citation]) -> dict[str, str]:
    """Hosts the article ties to a cited outlet ("MSNBC's Joy Reid"): full name and surname -> outlet."""
    hosts: dict[str, str] = {}
    for citation in cited:
        match = _HOST.match(text[citation.end : citation.end + 60])
        if match:
            name = match.group("name")
            hosts[name] = hosts[name.split()[-1]] = citation.cites
    return hosts


def _scan(
    article: Article,
    registry: OutletRegistry,
    short_names: dict[str, str] | None,
    names: re.Pattern[str] | None = None,
) -> tuple[list[Citation], set[str]]:
    """The citations of one article, and the outlets it shows doing the reporting
    ("the Post asked", "told TMZ in response to our story")."""
    text = article.text
    acting: set[str] = set()
    quoted = _quoted_spans(text)
    candidates = _candidates(text, registry, short_names or {}, names or _outlet_names(registry))
    found: list[Citation] = []
    for index, cand in enumerate(candidates):
        citation = _cited(text, cand, candidates[index + 1 :], found)
        if citation is None:
            continue
        if any(s < citation.end and citation.start < e for s, e in ((c.start, c.end) for c in found)):
            continue
        if any(s <= citation.start < e for s, e in quoted):
            continue  # inside a quotation: the speaker's words, not the article's sourcing
        if _NEWSROOM_ACTS.match(text[cand.end : cand.end + 30]) or _OUR.search(text[cand.end : cand.end + 80]):
            acting.add(cand.outlet)
        found.append(citation)
    found.extend(_by_reference(text, found, quoted, registry))
    return sorted((c.model_copy(update={"article": article.id}) for c in found), key=lambda c: c.start), acting


def _cited(text: str, cand: _Candidate, later: Sequence[_Candidate], found: Sequence[Citation]) -> Citation | None:
    """The citation a candidate name makes with the cue around it, or None without a cue."""
    before_text = text[max(0, cand.start - _CONTEXT) : cand.start]
    after_text = text[cand.end : cand.end + _CONTEXT]
    if cand.rule == "citation.tweet":
        return _citation(text, cand, cand.start, cand.end, 0.8)
    before = _BEFORE.search(before_text)
    if cand.rule == "citation.show":
        # A show needs what a platform needs: being "on" it is speaking there.
        before = before or _PLATFORM_BEFORE.search(before_text)
        return None if before is None else _citation(text, cand, cand.start - len(before.group()), cand.end, 0.7)
    after = _AFTER.match(after_text) or (_AFTER_SPEAKING.match(after_text) if _speaks_as_outlet(text, cand) else None)
    end = cand.end + len(after.group().rstrip()) if after else cand.end
    if after is None and after_text.startswith("/"):
        # "An NBC News/Wall Street Journal poll": the cue after the second name serves both.
        partner = next((c for c in later if c.start == cand.end + 1), None)
        if partner is not None:
            after = _AFTER_NOUN.match(text[partner.end : partner.end + _CONTEXT])
            end = cand.end
    if before is None and not cand.platform and (opening := _OPENING_ON.search(before_text)):
        before = opening  # "On Fox News on Tuesday, Ashby said": where the words were said
    written = cand.end - cand.start  # "X" for Twitter is one letter: it needs a verb cue ("wrote on X")
    if cand.platform and before is None and after is None and written > 2:
        before = _PLATFORM_BEFORE.search(before_text)
        after = _PLATFORM_AFTER.match(after_text)
    elif cand.platform and before is None:
        # One letter ("X"): "in a post on X", "took to X", "blasted the strike on X"
        # (an act in its clause before "on"), not "Malcolm X" or "focused on X and Y".
        before = _ON_ONE_LETTER.search(before_text) if _LETTER_ALONE.match(after_text) else None
    if before is None and after is None:
        return None
    if written <= 2 and before is None and (cand.platform or after is None):
        return None  # "X" only after a cue: "wrote on X"; "the AP reported", "the FT found" are cited
    if re.match(r"\s+affiliate\s+[A-Z]", after_text):
        return None  # "a Fox affiliate KTVI": the station is cited, not its network
    if before is not None and (affiliate := _AFFILIATE.match(after_text)):
        # "told a CBS affiliate in Denver": a local station, not the network; named by the article's words.
        name = (text[cand.start : cand.end] + affiliate.group()).rstrip(" .")
        return _citation(
            text,
            cand._replace(outlet=name, rule="citation.affiliate"),
            cand.start - len(before.group()),
            cand.start + len(name),
            0.6,
        )
    start = cand.start - len(before.group()) if before else cand.start
    if before is not None and (hosted := _HOSTED_SHOW.match(after_text)):
        # "told Fox News host Mike Huckabee on his radio show": the host's show is cited, not the network.
        show = _show_name(hosted.group("host"), hosted.group("medium"))
        return _citation(text, cand._replace(outlet=show, rule="citation.show"), start, cand.end + hosted.end(), 0.7)
    end = end if after and not before else cand.end
    confidence = 0.9 if cand.rule == "citation.registry" else 0.7
    return _citation(text, cand, start, end, confidence)


def _show_name(host: str, medium: str) -> str:
    """ "Mike Huckabee's radio show", "Todd Starnes' podcast": a host's programme, one name however written."""
    possessive = "'" if host.endswith("s") else "'s"
    return f"{host}{possessive} {' '.join(medium.split()).casefold()}"


def _speaks_as_outlet(text: str, cand: _Candidate) -> bool:
    """Whether a name before a verb of speaking is an outlet's, not a person's: "Bloomberg says
    he is distressed" and "Guardian said he understood" are people. Several words, an acronym
    or "the" before the name make it an organisation ("the Times said", "CNN said"); a
    platform's name is its company ("Twitter said")."""
    name = text[cand.start : cand.end]
    the = re.search(r"\b[Tt]he\s+$", text[max(0, cand.start - 4) : cand.start]) is not None
    return not cand.platform and (" " in name.strip() or name.isupper() or the)


def _citation(text: str, cand: _Candidate, start: int, end: int, confidence: float) -> Citation:
    return Citation(
        article="",
        cites=cand.outlet,
        text=text[start:end],
        start=start,
        end=end,
        rule=cand.rule,
        confidence=confidence,
    )


def _by_reference(
    text: str, found: Sequence[Citation], quoted: Sequence[tuple[int, int]], registry: OutletRegistry
) -> list[Citation]:
    """Citations by a descriptor ("He told the newspaper": the outlet cited last, never a
    platform) or by a host the article tied to an outlet ("MSNBC's Joy Reid" ... "Pelosi told Reid")."""
    out: list[Citation] = []
    outlets = sorted((c for c in found if c.rule not in ("citation.tweet",)), key=lambda c: c.start)
    hosts = _hosts(text, outlets)
    spots: list[tuple[int, int, str | None]] = [(m.start(), m.end(), None) for m in _finditer(_ANAPHOR, text)]
    if hosts:
        pattern = re.compile(r"\b(?:" + "|".join(re.escape(h) for h in sorted(hosts, key=len, reverse=True)) + r")\b")
        spots += [(m.start(), m.end(), hosts[m.group()]) for m in _finditer(pattern, text)]
    taken = [(c.start, c.end) for c in found]
    for start, end, outlet in sorted(spots):
        before = _BEFORE.search(text[max(0, start - _CONTEXT) : start])
        # ("the newspaper reported that ...": a descriptor with its cue after it)
        after = _AFTER.match(text[end : end + _CONTEXT]) if before is None and outlet is None else None
        if (before is None and after is None) or any(s <= start < e for s, e in quoted):
            continue
        if outlet is None:
            earlier = [c for c in outlets if c.end <= start and not _is_platform(c.cites, registry)]
            if not earlier:
                continue
            outlet = earlier[-1].cites
        span_start = start - len(before.group()) if before is not None else start
        if after is not None:
            end += len(after.group().rstrip())
        if any(s < end and span_start < e for s, e in taken):
            continue
        taken.append((span_start, end))
        out.append(
            Citation(
                article="",
                cites=outlet,
                text=text[span_start:end],
                start=span_start,
                end=end,
                rule="citation.reference",
                confidence=0.6,
            )
        )
    return out


def _is_platform(name: str, registry: OutletRegistry) -> bool:
    """Whether the registry marks the outlet of this name a platform (`kind: platform`)."""
    outlet = registry.resolve(name)
    return outlet is not None and outlet.kind == "platform"


def speaking_outlet(article: Article, registry: OutletRegistry, short_names: dict[str, str] | None = None) -> str | None:
    """The outlet an article of unknown outlet speaks as, from how it names itself:
    "told TMZ in response to our story", "the Post asked", or first-person newsroom
    words ("we've reached out") with a single outlet interviewing. None when unsure."""
    return _spoken_outlet(article, *_scan(article, registry, short_names))


def _spoken_outlet(article: Article, citations: Sequence[Citation], acting: set[str]) -> str | None:
    if len(acting) == 1:
        return next(iter(acting))
    if _WE.search(article.text):
        interviewing = {c.cites for c in citations if _INTERVIEW_CUE.match(c.text)}
        if len(interviewing) == 1:
            return next(iter(interviewing))
    return None


def mark_self(citations: Sequence[Citation], outlet: str | None) -> list[Citation]:
    """Citations of the article's own outlet become self-references."""
    return [c.model_copy(update={"is_self": True}) if outlet and c.cites == outlet else c for c in citations]


def story_citations(
    articles: Sequence[Article], registry: OutletRegistry
) -> tuple[list[Article], list[Citation], dict[str, str], list[Notice]]:
    """The citations of a story's articles, with self-references marked. An article of
    unknown outlet that speaks as one gets that outlet (`outlet_from`
    "self_reference", with a notice). Also returns the story's short names."""
    names = _outlet_names(registry)  # one pattern for the whole story
    # Names of a news organisation's shape cited anywhere in the story give short names too ("The Star").
    shaped = [c.cites for a in articles for c in _scan(a, registry, {}, names)[0] if c.rule == "citation.shape"]
    short_names = _short_names(articles, registry, names, shaped)
    updated, citations, notices = [], [], []
    for article in articles:
        outlet = article.outlet
        found, acting = _scan(article, registry, short_names, names)
        if outlet is None and (spoken := _spoken_outlet(article, found, acting)) is not None:
            outlet = spoken
            article = article.model_copy(update={"outlet": outlet, "outlet_from": "self_reference"})
            notices.append(
                Notice(
                    source=article.id,
                    code="outlet_inferred",
                    message=f"outlet taken to be {outlet!r} from how the article refers to itself; give `outlet` in front matter to be sure",
                )
            )
        updated.append(article)
        citations.extend(mark_self(found, outlet))
    return updated, citations, short_names, notices


def citation_graph(citations: Sequence[Citation], articles: Sequence[Article]) -> list[CitationEdge]:
    """Who cites whom among outlets and platforms (self-references left out)."""
    label = {a.id: a.outlet or f"{a.id} (outlet unknown)" for a in articles}
    counts: dict[tuple[str, str], int] = {}
    for citation in citations:
        if citation.is_self or citation.article not in label:
            continue
        key = (label[citation.article], citation.cites)
        counts[key] = counts.get(key, 0) + 1
    return [CitationEdge(source=s, cites=c, count=n) for (s, c), n in sorted(counts.items())]
