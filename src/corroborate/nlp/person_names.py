"""Which spans of a parsed article name people: the NER's person names trimmed of what it
ran into, names it tagged otherwise, names it missed after a title or beside a role; and
what a name tells of gender."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from importlib import resources

import numpy as np
from spacy.attrs import DEP, ENT_TYPE, IS_TITLE, LOWER, POS
from spacy.strings import hash_string  # type: ignore[attr-defined]  # compiled; spaCy's stubs omit it
from spacy.symbols import NOUN, PROPN  # type: ignore[import-not-found]  # compiled; no stubs
from spacy.tokens import Doc, Span, Token

from corroborate.nlp.lexicon import (
    COMPANY_NOUNS,
    HEADLINE_VERB_FORMS,
    PERSON_DESCRIPTORS,
    REPORTING_FORMS,
    REPORTING_VERBS,
    names_a_company,
)
from corroborate.nlp.names import FEMALE_FIRST_NAMES, INSTITUTION_WORDS, MALE_FIRST_NAMES, ROLE_WORDS, clean_name, is_title
from corroborate.nlp.sentences import once_per_doc


def untagged_proper_nouns(doc: Doc) -> tuple[int, ...]:
    """Indices of the capitalised proper nouns the NER tagged no person (one vectorised pass)."""
    if not len(doc):
        return ()
    tags = doc.to_array([POS, ENT_TYPE])
    picked = np.flatnonzero((tags[:, 0] == PROPN) & (tags[:, 1] != doc.vocab.strings["PERSON"]))
    return tuple(int(i) for i in picked if doc[int(i)].text[:1].isupper())


def untagged_title_nouns(doc: Doc) -> tuple[int, ...]:
    """Indices of the capitalised common nouns outside any entity ("Feldkamp rejected that.",
    a surname the tagger read as a noun), in one vectorised pass."""
    if not len(doc):
        return ()
    tags = doc.to_array([POS, ENT_TYPE, IS_TITLE])
    return tuple(int(i) for i in np.flatnonzero((tags[:, 0] == NOUN) & (tags[:, 1] == 0) & (tags[:, 2] == 1)))


def adverbial_name(ent: Span) -> bool:
    """A one-word "person" the parse uses as a time adverb: a misspelt day ("said Wednedsay").
    Right after "said", a person would be its subject ("said Ramsey"), never its object."""
    if len(ent) != 1:
        return False
    token, doc = ent.root, ent.doc
    if token.dep_ == "npadvmod" and token.head.pos_ == "VERB":
        return True
    after_say = token.i > 0 and doc[token.i - 1].lemma_ == "say" and doc[token.i - 1].pos_ == "VERB"
    return after_say and token.dep_ in ("dobj", "intj", "npadvmod")


def trimmed_name(ent: Span) -> Span:
    """A person's name without a sentence's first word the NER took in ("Following
    Romney's", "Added Ames") or a headline's verb it ran on into ("Howard Dean Tells
    Convention", "Donald Trump Denies Mocking Reporter") or a descriptor ("Passenger Mike
    Dorsey") or a home town ("Ana Ruiz of Sumter"), with a first name it left out before a
    middle initial."""
    start, end = ent.start, ent.end
    while end - start > 1 and (
        ent.doc[start].pos_ in ("VERB", "ADP", "ADV", "SCONJ", "DET", "PRON") or ent.doc[start].lower_ in REPORTING_FORMS
    ):
        start += 1  # (and "Added Ames": a fronted reporting verb)
    if end - start > 1 and ent.doc[start].lower_ in PERSON_DESCRIPTORS:
        start += 1  # "Passenger Mike Dorsey", "Resident Ana Ruiz": who they are, not their name
    verb = next((t.i for t in ent.doc[start + 1 : end] if t.text[:1].isupper() and t.lower_ in HEADLINE_VERB_FORMS), None)
    end = verb if verb is not None else end
    end = _home_town_at(ent.doc, start, end) or end  # "Shantel Ruiz of Sumter": where she lives, not her name
    if start > 0 and end - start > 1 and _INITIAL.fullmatch(ent.doc[start].text):
        # "Representative Curtis J. Halvorsen" tagged "J. Halvorsen": the proper noun
        # before the initial, held by no entity and no title, is the first name
        before = ent.doc[start - 1]
        if before.is_alpha and before.is_title and before.pos_ == "PROPN" and not before.ent_type_ and not is_title(before.text):
            start -= 1
    return ent if (start, end) == (ent.start, ent.end) else Span(ent.doc, start, end, label=ent.label_)


_INITIAL = re.compile(r"[A-Z]\.")


def _home_town_at(doc: Doc, start: int, end: int) -> int | None:
    """Where "of <place>" begins after a name of two or three capitalised words ("Ana Ruiz
    of Sumter"), if it does."""
    of = next((t.i for t in doc[start + 2 : min(end, start + 4)] if t.lower_ == "of"), None)
    if of is not None and of + 1 < end and all(t.pos_ == "PROPN" and t.is_title for t in doc[start:of]):
        return of
    return None


def resident_named(ent: Span) -> Span | None:
    """A person's name with a home town the NER tagged an organisation ("Shantel Vereen of
    Dunmore"): the name, when its first word is a given name the data knows."""
    of = _home_town_at(ent.doc, ent.start, ent.end)
    if of is None or ent[0].lower_ not in _first_names():
        return None
    return Span(ent.doc, ent.start, of, label="PERSON")


# Labels the NER gives a person's rare name ("Teresa Vukovich" as a work of art).
MISREAD_LABELS = frozenset(["ORG", "WORK_OF_ART", "PRODUCT", "EVENT", "LAW"])


def person_tagged_organisation(ent: Span, lone_speakers: frozenset[str] = frozenset()) -> bool:
    """A person's full name the NER labelled an organisation ("Strzok attorney Aitan Goelman",
    "Aitan Goelman, Strzok's attorney", "its president, Curt Vandam,"): two or three capitalised proper nouns, no
    institution or role word, and a person's role beside it (a title before it or an
    appositive after it) or a common first name."""
    words = [t for t in ent if not (t.is_punct and t.text in "'’")]
    if not 2 <= len(words) <= 3 or any(t.lower_ in ("'s", "’s") for t in ent):
        return False
    if not all(t.pos_ == "PROPN" and t.text[:1].isupper() and t.text.replace(".", "").replace("-", "").isalpha() for t in words):
        return False
    lowered = [t.lower_ for t in words]
    if any(w in INSTITUTION_WORDS or w in ROLE_WORDS for w in lowered) or len(words[-1]) < 3:
        return False
    doc = ent.doc
    before = doc[ent.start - 1] if ent.start else None
    titled = before is not None and before.lower_ in ROLE_WORDS and before.head.i in range(ent.start, ent.end)
    # ("X, its president," or "its president, X,")
    role = any(c.dep_ == "appos" and c.lower_ in ROLE_WORDS for c in ent.root.children) or (
        ent.root.dep_ == "appos" and ent.root.head.lower_ in ROLE_WORDS
    )
    if titled or role or lowered[0] in FEMALE_FIRST_NAMES or lowered[0] in MALE_FIRST_NAMES:
        return True
    # A given name the data knows ("Marcus Tillery") whose surname alone speaks elsewhere
    # ("Tillery told HuffPost", `lone_speakers`): a person; an organisation is not named by its last word.
    return lowered[0] in _first_names() and words[-1].text in lone_speakers


def lone_speakers(doc: Doc) -> frozenset[str]:
    """The words that are, alone, the subject of a reporting verb somewhere in the doc
    ("Tillery told"; not "Georgia Power said"): read once per article."""
    return frozenset(
        t.text
        for t in doc
        if t.dep_ == "nsubj" and t.head.lemma_ in REPORTING_VERBS and not (t.i > 0 and doc[t.i - 1].pos_ == "PROPN")
    )


_HONORIFICS = frozenset(["Mr.", "Ms.", "Mrs.", "Dr.", "Miss", "Mr", "Ms", "Mrs", "Dr"])


def titled_surnames(ents: Sequence[Span]) -> set[str]:
    """One-word names an honorific says are a person's ("Ms. Okafor")."""
    return {
        ent.text.casefold()
        for ent in ents
        if ent.label_ == "PERSON" and len(ent) == 1 and ent.start and ent.doc[ent.start - 1].text in _HONORIFICS
    }


def place_words(ents: Sequence[Span]) -> set[str]:
    """Words of the article's places and institutions, by which a one-word "person" is one
    ("Aurora" beside "Aurora Police"). A word the NER tags a person more often than it puts
    it in an organisation's name stays a person's ("President Trump" beside an "anti-Trump"
    tagged an organisation); a one-word organisation is the same confusion, no evidence."""
    places = Counter(w.casefold() for ent in ents if ent.label_ in ("GPE", "LOC", "FAC") for w in ent.text.split())
    as_person = Counter(clean_name(ent.text).casefold() for ent in ents if ent.label_ == "PERSON" and len(ent) == 1)
    in_org = Counter(w.casefold() for ent in ents if ent.label_ == "ORG" and len(ent.text.split()) > 1 for w in ent.text.split())
    # A full name's surname the NER more often reads as that person than as a place
    # stays theirs ("Sheriff Roy Kessling ... confidence in Kessling" read as a place).
    surnames = {
        name.split()[-1].casefold() for ent in ents if ent.label_ == "PERSON" and len((name := clean_name(ent.text)).split()) >= 2
    }
    # (a surname an honorific gives a person, "Ms. Okafor" after "Renata Okafor" read as a
    # place, stays theirs unless the article uses the word for a place more often)
    titled = titled_surnames(ents)
    misread = {w for w, n in places.items() if (w in surnames and as_person[w] > n) or (w in titled and as_person[w] >= n)}
    return (set(places) - misread) | {w for w, n in in_org.items() if as_person[w] <= n}


def with_first_name(ent: Span) -> Span:
    """A one-word entity with the untagged capitalised word before it compounded onto it
    ("Reince" + "Priebus" tagged an organisation): the full name the NER cut."""
    doc = ent.doc
    if len(ent) != 1 or not ent.start:
        return ent
    before = doc[ent.start - 1]
    if before.ent_type_ or before.pos_ != "PROPN" or before.dep_ != "compound" or before.head.i != ent.start:
        return ent
    if not before.is_title or before.lower_ in ROLE_WORDS or before.lower_ in INSTITUTION_WORDS:
        return ent
    return Span(doc, ent.start - 1, ent.end, label=ent.label_)


def organisation_words(ents: tuple[Span, ...], named: list[tuple[Span, Span]]) -> set[str]:
    """ "Persons" that are a company's short name: the first words of a name the NER tags
    an organisation and that says it is a company ("Bluewater" of "Bluewater Harbor
    Lines", "Harrow Lane" of "Harrow Lane Press"), when no person named in full or with a
    title has it as surname or name (a "Ford" with "Bill Ford" or "Mr. Ford" named is a
    person)."""
    companies = [name.casefold().split() for ent in ents if ent.label_ == "ORG" and names_a_company(name := clean_name(ent.text))]
    # (and a company's name without its last words: "Harrow Lane" of "Harrow Lane Press")
    words = {" ".join(name[:n]) for name in companies for n in range(1, len(name))}
    people: set[str] = set()
    for _ent, span in named:
        name = clean_name(span.text)
        if name and (len(name.split()) >= 2 or name != span.text.strip()):
            people.update((name.split()[-1].casefold(), name.casefold()))
    return words - people


def company_named(ent: Span) -> bool:
    """Whether a name the NER tagged a person's is a company's: its name says so ("Harrow
    Lane Press") or a company noun sets it off ("Harrow Lane, the book's publisher,")."""
    return ent.label_ == "PERSON" and (names_a_company(clean_name(ent.text)) or company_apposed(ent))


def company_apposed(ent: Span) -> bool:
    """Whether a name is set off by a company noun ("Harrow Lane, the book's publisher,"),
    which says it is no person's, unless it opens with a given name ("Ann Roe, a
    developer")."""
    first = ent[0].lower_
    if first in FEMALE_FIRST_NAMES or first in MALE_FIRST_NAMES or first in _first_names():
        return False
    return any(c.dep_ == "appos" and c.lower_ in COMPANY_NOUNS and c.i > ent.end - 1 for c in ent.root.children)


def plausible_person(text: str, place_words: frozenset[str]) -> bool:
    """False for NER 'persons' that are places or institutions ("Aurora", "Aurora Police")."""
    words = [w.casefold() for w in clean_name(text).split()]
    if not words or any(w in INSTITUTION_WORDS for w in words):
        return False
    return not (len(words) == 1 and words[0] in place_words)


def _indices_of(doc: Doc, words: tuple[str, ...] | dict[str, str]) -> list[int]:
    """Indices of the tokens whose lowercase form is one of `words` (one vectorised pass, no Python loop)."""
    if not len(doc):
        return []
    lowers = doc.to_array([LOWER]).reshape(-1)
    hashes = np.array([hash_string(w) for w in words], dtype=lowers.dtype)
    return [int(i) for i in np.flatnonzero(np.isin(lowers, hashes))]


def chunks_headed_by(doc: Doc, words: tuple[str, ...]) -> list[Span]:
    """The noun chunks whose root is one of `words` (within the root's sentence).
    The doc's chunks are found once: `Span.noun_chunks` finds all of the doc's for
    each sentence it is asked about (a tenth of the extraction time on news text)."""
    if not _indices_of(doc, words):
        return []
    chunks: list[Span] = []
    for chunk in doc.noun_chunks:
        if chunk.root.lower_ in words:
            sentence = chunk.root.sent
            if chunk.start >= sentence.start and chunk.end <= sentence.end:
                chunks.append(chunk)
    return chunks


def titled_names(doc: Doc) -> list[Span]:
    """Names the NER missed after a title: "Colorado Governor Jared Polis", "Mayor Denise Okafor";
    or beside a role (`_apposed_names`).
    Found once per Doc (the mentions and each people index ask for them)."""
    return list(once_per_doc(doc, "titled_names", lambda: tuple(_titled_names(doc))))


def _titled_names(doc: Doc) -> list[Span]:
    found: list[Span] = []
    for i in _indices_of(doc, ROLE_WORDS):
        token = doc[i]
        if not token.text[:1].isupper() or token.ent_type_ == "PERSON":
            continue
        end = token.i + 1
        # (a name the NER ran into the title's place: "Marlow County Sheriff Dana Ruckert"
        # tagged a place; the name then ends that entity)
        swallowed = bool(token.ent_type_) and token.ent_iob_ == "I"
        while end < len(doc) and end - token.i <= 3 and doc[end].pos_ == "PROPN" and doc[end].text[:1].isupper():
            inside = swallowed and doc[end].ent_iob_ == "I" and doc[end].lower_ not in INSTITUTION_WORDS
            if (doc[end].ent_type_ not in ("", "PERSON") and not inside) or doc[end].lower_ in ROLE_WORDS:
                break
            end += 1
        if swallowed and end - token.i >= 2 and ((end < len(doc) and doc[end].ent_iob_ == "I") or end - token.i < 3):
            end = token.i + 1  # (not the entity's end, or one word: no name)
        if end - token.i >= 2 and not any(doc[i].ent_type_ == "PERSON" for i in range(token.i + 1, end)):
            found.append(Span(doc, token.i + 1, end, label="PERSON"))
    taken = {t.i for span in found for t in span}
    found += [span for span in _apposed_names(doc) if not taken & {t.i for t in span}]
    found.sort(key=lambda span: span.start)
    return found


def _apposed_names(doc: Doc) -> Iterator[Span]:
    """Untagged full names a role stands beside: "Trent Dolby, Mr. Brennick's campaign
    manager, went further" and "his campaign manager, Trent Dolby": two or three
    capitalised proper nouns, one an apposition of the other's role."""
    if not len(doc):
        return
    appositions = np.flatnonzero(doc.to_array([DEP]).reshape(-1) == doc.vocab.strings["appos"])
    for token in (doc[int(i)] for i in appositions):  # (one vectorised pass, not a loop over every token)
        if token.ent_type_:
            continue
        head = token.head
        if token.pos_ == "PROPN" and head.pos_ == "NOUN" and head.lower_ in ROLE_WORDS:
            name = token  # "his campaign manager, Trent Dolby"
        elif _untagged_name_word(head) and _names_role(token):
            name = head  # "Trent Dolby, Mr. Brennick's campaign manager"
        else:
            continue
        start = name.i
        while start > 0 and name.i - start < 2 and _untagged_name_word(doc[start - 1]) and doc[start - 1].dep_ == "compound":
            start -= 1
        if name.i > start and _untagged_name_word(name):
            yield Span(doc, start, name.i + 1, label="PERSON")


def _names_role(appos: Token) -> bool:
    """Whether an apposition names a role: a role word in its first ten words."""
    return any(t.lower_ in ROLE_WORDS for t in list(appos.subtree)[:10])


def _untagged_name_word(token: Token) -> bool:
    """A capitalised word the NER left untagged that may be part of a name: a proper
    noun, or a noun the tagger took for common though capitalised mid-sentence
    ("“…,” Patrice Dunning, the chairwoman of ..., said")."""
    return (
        (token.pos_ == "PROPN" or (token.pos_ == "NOUN" and not token.is_sent_start and token.text.istitle()))
        and not token.ent_type_
        and token.text[:1].isupper()
        and token.text.isalpha()
        and token.lower_ not in ROLE_WORDS
    )


def first_name_gender(name: str) -> str | None:
    first = name.split()[0].casefold()
    if first in FEMALE_FIRST_NAMES:
        return "f"
    if first in MALE_FIRST_NAMES:
        return "m"
    return _first_names().get(first)


@cache
def _first_names() -> dict[str, str]:
    """Given names that nearly always tell one gender (data/first_names.tsv, from nomquamgender)."""
    text = resources.files("corroborate.nlp").joinpath("data/first_names.tsv").read_text("utf-8")
    return dict(line.split("\t") for line in text.splitlines() if line)


def entity_span(token: Token, labels: tuple[str, ...] = ("PERSON", "ORG", "NORP", "GPE")) -> Span | None:
    """The named-entity span holding `token`, found from its IOB tags (not by scanning `doc.ents`)."""
    if token.ent_type_ not in labels:
        return None
    doc = token.doc
    start = token.i
    while start > 0 and doc[start].ent_iob_ == "I":
        start -= 1
    end = token.i + 1
    while end < len(doc) and doc[end].ent_iob_ == "I":
        end += 1
    if token.ent_type_ == "PERSON":
        # "Ana Diaz" tagged as just "Diaz": take in a capitalised first name compounded onto it.
        while start > 0 and doc[start - 1].dep_ == "compound" and doc[start - 1].pos_ == "PROPN" and not doc[start - 1].ent_type_:
            if not doc[start - 1].text[:1].isupper() or doc[start - 1].lower_ in ROLE_WORDS:
                break
            start -= 1
    return Span(doc, start, end, label=token.ent_type_)
