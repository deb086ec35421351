"""Which organisation a description of one means: "the company", "a company
spokeswoman", "the paper", "the agency", "the civil liberties group", "the union": the
body the article named before that the words point back to (`corroborate.nlp.speakers`
asks, for the subject of a reporting verb and for whom an unnamed speaker speaks)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from spacy.tokens import Span, Token

from corroborate.nlp.lexicon import COMPANY_NOUNS, names_a_company
from corroborate.nlp.names import INSTITUTION_WORDS, MASTHEAD_WORDS, clean_name
from corroborate.nlp.people import WINDOW_CHARS, ArticlePeople
from corroborate.nlp.person_names import entity_span
from corroborate.nlp.sentences import sentence_of

# Words in a name that make it a public body or an institution, not a company.
_PUBLIC_BODY_WORDS = frozenset(
    "department police council ministry agency office commission committee board court city county state "
    "government university school hospital union local association federation foundation society coalition "
    "church party league house senate congress legislature assembly subcommittee".split()
)
# What a company speaks through: "the company's office", "the firm's lawyers".
_VOICE_NOUNS = frozenset("office lawyer lawyers attorney attorneys spokesperson spokesman spokeswoman".split())


# Nouns of an unnamed person speaking for a body a word before them names ("a defense official").
OFFICIALS = frozenset("official officials spokesman spokeswoman spokesperson aide aides source sources".split())


def company_meant(subject: Token, people: ArticlePeople) -> str | None:
    """The company a definite "the company" / "the firm's office" points back to: the
    latest organisation named in an earlier sentence (one in the cue's own sentence is
    usually whom it speaks to: "In a statement to Channel 7, the company denied"),
    not a public body, a union or other association, nor a news outlet the article
    cites ("told Fox News Digital") or one its name says is a paper."""
    noun = subject
    if noun.lower_ in _VOICE_NOUNS:
        owner = next((c for c in noun.children if c.dep_ == "poss"), None)
        if owner is None:
            return None
        noun = owner
    # ("a company spokeswoman", "company officials": the company the article is about)
    of_official = noun.dep_ == "compound" and noun.head.lower_ in OFFICIALS and not list(noun.children)
    if noun.lower_ not in COMPANY_NOUNS or not (
        of_official or any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in noun.children)
    ):
        return None
    if (subject_named := _reported_subject(noun)) is not None and not set(subject_named.casefold().split()) & _PUBLIC_BODY_WORDS:
        return subject_named  # ("Acme set aside 40 beds, the company said": Acme)
    sentence_start = sentence_of(noun).start_char
    earlier = [
        org
        for org in people.orgs_between(noun.idx - WINDOW_CHARS, sentence_start)
        if not set(org.casefold().split()) & _PUBLIC_BODY_WORDS and org not in people.outlets and not _masthead(org)
    ]
    # A name that says it is a company ("Meridale Pharmaceuticals") before one that does
    # not (a product the tagger read as an organisation: "its insulin Glucavel").
    # The article's short name for that company stays its name ("Northvale" for "Northvale Power").
    companies = [org for org in earlier if names_a_company(org)]
    if companies and not companies[-1].startswith(f"{earlier[-1]} "):
        return companies[-1]
    if not companies:
        # None nearby says it is a company (a ship, a route, a product the tagger read as
        # an organisation): the company named earlier in the article, if one was.
        before = [
            org
            for org in people.orgs_between(0, sentence_start)
            if names_a_company(org)
            and org not in people.outlets
            and not set(org.casefold().split()) & _PUBLIC_BODY_WORDS
            and not _masthead(org)
        ]
        if before:  # (by its short name, if the article used it nearby: "Northvale")
            short = [org for org in earlier if before[-1].startswith(f"{org} ")]
            return short[-1] if short else before[-1]
    return earlier[-1] if earlier else None


def _reported_subject(noun: Token) -> str | None:
    """The organisation that is the subject of the words a cue after them reports ("Acme
    set aside 40 beds, the company said"): whom "the company" means there."""
    verb = noun.head
    if noun.dep_ != "nsubj" or verb.pos_ != "VERB":
        return None
    reported = next((c for c in verb.children if c.dep_ in ("ccomp", "parataxis") and c.i < noun.i), None)
    if reported is None:
        return None
    subject = next((c for c in reported.children if c.dep_ == "nsubj"), None)
    ent = entity_span(subject, ("ORG", "PERSON")) if subject is not None else None
    if ent is None or _masthead(name := clean_name(ent.text)):
        return None
    # (a company's name the NER took for a person's: "Keystone Shelter Services")
    return name if ent.label_ == "ORG" or {w.casefold() for w in name.split()} & INSTITUTION_WORDS else None


def _masthead(org: str) -> bool:
    """Whether a name reads as a newspaper's ("The Post and Courier", "the Washington
    Courier"), which no "the company" points back to, known to the registry or not."""
    return org.split()[-1] in MASTHEAD_WORDS


# Nouns by which an article points back to a newspaper it has named ("the paper said").
_PAPER_NOUNS = frozenset("newspaper paper daily weekly".split())
_PAPER_FIRST_WORDS = frozenset(["Daily", "Diario"])  # "Diario Cordillera", "Daily Pilot"
# ... and to another news outlet it has named ("the outlet reported", "the news agency
# said", "the TV station reported"): one the outlet registry knows.
_OUTLET_NOUNS = frozenset("outlet publication magazine".split())
_NEWS_KIND_NOUNS = frozenset("agency service network station site".split())
_NEWS_WORDS = frozenset("news wire television tv".split())


def paper_meant(subject: Token, people: ArticlePeople) -> str | None:
    """The newspaper a definite "the paper" / "the newspaper" points back to: the latest
    one named in an earlier sentence, known to the outlet registry or named like a
    paper ("the Port Linden Ledger"); the outlet "the outlet" / "the news agency" points
    back to, of those the registry knows."""
    if any(c.dep_ in ("poss", "prep") for c in subject.children):
        return None
    modifiers = {c.lower_ for c in subject.children if c.dep_ in ("amod", "compound")}
    word = subject.lower_
    if word in _PAPER_NOUNS and not modifiers:
        registered_only = False
    elif (word in _OUTLET_NOUNS and modifiers <= {"news"}) or (
        word in _NEWS_KIND_NOUNS and modifiers and modifiers <= _NEWS_WORDS
    ):
        registered_only = True
    else:
        return None
    if not any(c.dep_ == "det" and c.lower_ in ("the", "this") for c in subject.children):
        return None
    papers = [
        org
        for org in people.orgs_between(0, sentence_of(subject).start_char)
        if org in people.news_outlets
        or (not registered_only and (org.split()[-1] in MASTHEAD_WORDS or org.split()[0] in _PAPER_FIRST_WORDS))
    ]
    return papers[-1] if papers else None


# "the agency said": the words a public body's name may hold when an article points back to it so.
BODY_NOUNS: dict[str, frozenset[str]] = {
    # ("the Centers for Disease Control and Prevention", "the National Institutes of Health")
    "agency": frozenset(
        "agency service administration bureau department office commission authority institute institutes centers".split()
    ),
    "organization": frozenset("organization organisation group association foundation society coalition union institute".split()),
    "organisation": frozenset("organization organisation group association foundation society coalition union institute".split()),
    "group": frozenset("group association foundation society coalition union organization organisation gang".split()),
    "gang": frozenset("gang group".split()),  # ("Grey Heron, a ransomware gang, ... The gang said")
    # what news calls an advocacy group by its work ("the Civic Ledger Project ... The watchdog said")
    **dict.fromkeys(["watchdog", "nonprofit"], frozenset("group association foundation society coalition project".split())),
    **{
        word: frozenset([word])
        for word in "department committee bureau commission council board ministry office service administration "
        "campaign party association foundation".split()
    },
    # A union is often named an association or federation ("the Riverton Education
    # Association", "the American Federation of Teachers"); a school district by its
    # schools ("Harlow City Schools").
    "union": frozenset("union association federation".split()),
    "district": frozenset("district schools".split()),
    # kinds of institution a name need not hold the word for ("St. Adalbert Medical Center")
    "hospital": frozenset("hospital hospitals center clinic infirmary".split()),
    "university": frozenset("university college institute".split()),
    "airline": frozenset("airline airlines airways air".split()),
}


def body_meant(subject: Token, people: ArticlePeople) -> str | None:
    """The public body a definite "the agency" / "the committee" points back to: the latest
    organisation named in an earlier sentence whose name holds such a word."""
    words = BODY_NOUNS.get(subject.lower_)
    if words is None:
        return None
    owner = next((c for c in subject.children if c.dep_ == "poss"), None)
    if owner is not None and owner.pos_ == "NOUN" and not owner.ent_type_ and _definite(owner):
        return _body_of_role(subject, owner, people)
    if owner is not None and owner.pos_ == "PRON" and subject.lower_ in _GROUP_NOUNS:
        return _group_before(subject, people)  # "Caleb Marsh, the alliance's director ... His group said"
    if not _definite(subject):
        return None
    if any(c.dep_ in ("poss", "prep") for c in subject.children):
        return None  # "the agency's office": a narrower body
    if any(c.dep_ in ("amod", "compound") for c in subject.children):
        # "the civil liberties group": a body named before with those words, of that kind
        # ("the Heartland Civil Liberties Union"); not merely the last body of the kind
        # ("the state department" is not the city's).
        modifiers = {t.lower_ for t in subject.subtree if t.i < subject.i and t.is_alpha and t.dep_ != "det"}
        return _named_before(
            subject,
            people,
            # (a plural in the name: "the school district" is "Harlow City Schools")
            lambda named: (
                modifiers <= named | {w[:-1] for w in named if w.endswith("s")} and bool(named & (words | {subject.lower_}))
            ),
        )
    # (a name holding the noun itself first: "the union" is the "… Teachers Union" before an association)
    found = body_before(subject, people, frozenset([subject.lower_])) if subject.lower_ in _NAMED_OTHERWISE else None
    found = found or body_before(subject, people, words)
    if found is None and subject.lower_ in _GROUP_NOUNS:
        found = _group_before(subject, people)
    return found


def _group_before(subject: Token, people: ArticlePeople) -> str | None:
    """The group "the group" means when no name before says it is one ("Hollis Creek
    Parents for Transparency ... the group wrote"): the latest organisation named in an
    earlier sentence that is no public body, company or news outlet."""
    groups = [
        org
        for org in people.orgs_between(subject.idx - WINDOW_CHARS, sentence_of(subject).start_char)
        if not set(org.casefold().split()) & _GOVERNMENT_WORDS
        and org not in people.news_outlets
        and not names_a_company(org)
        and org not in people.companies
    ]
    return groups[-1] if groups else None


_GROUP_NOUNS = frozenset(["group", "organization", "organisation", "watchdog", "nonprofit"])
_NAMED_OTHERWISE = frozenset(["union", "district"])
# (a public body's words, not an association's: a group may be "… Teachers Union")
_GOVERNMENT_WORDS = _PUBLIC_BODY_WORDS - frozenset("union local association federation foundation society coalition".split()) | {
    "bureau"
}


def _untagged_name(apposition: Token) -> Span | None:
    """The capitalised name an apposition is set off from when the NER tagged none there
    ("Hollis Creek Parents for Transparency, the group that ...")."""
    head, doc = apposition.head, apposition.doc
    if head.pos_ != "PROPN" or head.ent_type_ or head.i >= apposition.i:
        return None
    end = head.i + 1
    while end < apposition.i and doc[end].text != ",":
        end += 1
    span = doc[head.left_edge.i : end]
    if not 1 < len(span) <= 8 or not all(t.is_title or t.lower_ in ("for", "of", "and", "the") for t in span):
        return None
    return span[1:] if span[0].lower_ == "the" else span


def _definite(noun: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in noun.children)


def _body_of_role(subject: Token, owner: Token, people: ArticlePeople) -> str | None:
    """The body "the sheriff's office" (a role's office) points back to: the latest
    organisation named before whose name holds the role's words and the noun's ("the
    Harlan County Sheriff's Office"; "the district attorney's office")."""
    words = {subject.lower_, owner.lower_} | {c.lower_ for c in owner.children if c.dep_ == "compound" and c.is_alpha}
    return _named_before(subject, people, lambda named: words <= named)


def _named_before(subject: Token, people: ArticlePeople, fits: Callable[[set[str]], bool]) -> str | None:
    """The latest organisation named before `subject`'s sentence whose name's words (lower
    case, without a possessive's ending: "Sheriff's" → "sheriff") `fits` accepts."""
    found = [
        org
        for org in people.orgs_between(0, sentence_of(subject).start_char)
        if fits({re.sub(r"['’]s$", "", word) for word in org.casefold().split()})
    ]
    return found[-1] if found else None


def body_before(noun: Token, people: ArticlePeople, words: frozenset[str]) -> str | None:
    """The latest organisation named in an earlier sentence whose name holds one of `words`,
    or that an apposition there calls one ("Fair Lines, a voting-rights group", "a
    group, Fair Lines,")."""
    sentence_start = sentence_of(noun).start_char
    before = [(offset, org) for offset, org in people.orgs if offset < sentence_start and set(org.casefold().split()) & words]
    earlier = [(offset, org) for offset, org in before if noun.idx - WINDOW_CHARS <= offset]
    # A name is what a described body points back to: "the department" written in
    # lower case names none, and the named one may be far back in a long article.
    by_name = [(offset, org) for offset, org in before if not org.islower()]
    if by_name and (not earlier or earlier[-1][1].islower()):
        earlier = by_name
    doc = noun.doc
    for token in reversed(doc[: sentence_of(noun).start]):
        if token.idx < max(noun.idx - WINDOW_CHARS, earlier[-1][0] if earlier else 0):
            break
        if (
            token.dep_ == "appos"
            and token.lower_ in words
            and (
                named := entity_span(token.head, ("ORG",))
                or _untagged_name(token)
                # ("Grey Heron, a ransomware gang,": a group's name the NER took for a person's)
                or (entity_span(token.head, ("PERSON",)) if token.lower_ in BODY_NOUNS["gang"] else None)
            )
        ):
            return clean_name(named.text)
        if token.lower_ in words and token.pos_ == "NOUN":
            # "An environmental group, the Ellery River Alliance, ...": the name apposed to it
            apposed = next((c for c in token.children if c.dep_ == "appos" and c.ent_type_ == "ORG"), None)
            if apposed is not None and (named := entity_span(apposed, ("ORG",))) is not None:
                return clean_name(named.text)
    return earlier[-1][1] if earlier else None


# Prepositions a place follows ("in Brannock", "outside Dunmore"; not "at" or "from",
# which an organisation follows too): a word the article uses so is a place, whatever
# organisation's name it opens.
_PLACE_PREPOSITIONS = frozenset("in near outside across around throughout inside".split())


def organisation_shortened(ent: Span, orgs: Sequence[tuple[int, str]]) -> str | None:
    """The organisation a name tagged a place or a people stands for when it opens the
    name of one the article named before (`orgs`: offset and name of each organisation
    the article names, in order): "Corlane said" after "Corlane Emergency Medical
    Services"; never a word the article uses as a place ("in Corlane", "Corlane, Mo.")."""
    if ent.label_ not in ("GPE", "NORP") or len(ent) > 2:
        return None
    words = [t.text for t in ent]
    opening = [(offset, org) for offset, org in orgs if offset < ent.start_char and org.split()[: len(words)] == words]
    if not opening:
        return None  # (most places: no sentence looked up)
    before = sentence_of(ent[0]).start_char
    named = [org for offset, org in opening if offset < before and len(org.split()) > len(words)]
    if not named:
        return None
    doc, n = ent.doc, len(words)
    for i in range(len(doc) - n + 1):
        occurrence = doc[i : i + n]
        if [t.text for t in occurrence] != words or occurrence[0].ent_type_ == "ORG":
            continue
        after = doc[i + n : i + n + 2]
        if any(t.dep_ == "pobj" and t.head.lower_ in _PLACE_PREPOSITIONS for t in occurrence) or (
            len(after) == 2 and after[0].text == "," and after[1].ent_type_ == "GPE"
        ):
            return None
    return named[-1]
