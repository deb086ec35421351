"""Who a cue's subject is: names, titles and roles, pronouns, organisations, unnamed people.

`ArticlePeople` indexes the people of one article (mentions outside quotations,
their roles and, where the text tells, their gender); `resolve_subject` turns
the subject of a reporting verb into a `Speaker`:

- a name ("Mike Coffman", "Coffman", "Cindy", a misspelt "Jurinksy") becomes the
  article's canonical full name;
- a definite role ("the mayor", "the Republican mayor", "the city's mayor",
  "the spokesperson") becomes the person the article gave that role to;
- a pronoun becomes the nearest person before it whose gender agrees, favouring
  the subject of an earlier sentence and the previous speaker;
- an indefinite or unresolved description ("a spokesperson for Gov. X", "the
  governor's aide", "a man") stays unnamed, with `description` and, where the
  words say whom they speak for, `represents`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
from spacy.attrs import LOWER
from spacy.strings import hash_string  # type: ignore[attr-defined]  # compiled; spaCy's stubs omit it
from spacy.tokens import Doc, Span, Token

from corroborate.model import Speaker, TextSpan
from corroborate.nlp.names import (
    FEMALE_FIRST_NAMES,
    FEMALE_WORDS,
    INSTITUTION_WORDS,
    MALE_FIRST_NAMES,
    MALE_WORDS,
    OFFICES,
    ROLE_WORDS,
    FullNames,
    clean_name,
    fold,
    name_key,
)
from corroborate.nlp.rules import CONFIDENCE
from corroborate.nlp.sentences import across_lines, sentence_of
from corroborate.nlp.spans import covered

_PRONOUN_GENDER = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f"}
PRONOUNS = frozenset(["he", "she", "they", "i", "we", "it", "him", "her", "his", "them", "you"])
_POLICE_WORDS = frozenset(["police", "cop", "cops", "officer", "officers"])
_MAX_DESCRIPTION_TOKENS = 14
_WINDOW_CHARS = 2500  # how far back a pronoun or role looks for its person


@dataclass(frozen=True)
class PersonMention:
    start: int
    end: int
    text: str
    name: str  # canonical
    is_subject: bool


@dataclass
class ArticlePeople:
    """The people of one article, for resolving speakers."""

    mentions: list[PersonMention] = field(default_factory=list)
    roles: dict[str, list[str]] = field(default_factory=dict)  # canonical name -> role texts
    by_role: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # role key -> (offset, name)
    gender: dict[str, str] = field(default_factory=dict)
    orgs: list[tuple[int, str]] = field(default_factory=list)
    not_person: set[str] = field(default_factory=set)  # NER "persons" that are places or institutions
    full_names: FullNames = field(default_factory=lambda: FullNames(()))

    def canonical(self, name: str, gender: str | None = None) -> str:
        """The article's full name that `name` (a surname, a first name, a misspelling) stands for.

        A bare surname two people share is the one whose gender a title gives ("Mrs. Clinton"
        beside Bill and Hillary Clinton)."""
        names = self.full_names
        found = names.display.get(names.key_of(name), name)
        if gender is None or found != name or len(name.split()) != 1:
            return found
        owners = [names.display[o] for o in names.by_surname.get(fold(name_key(name)), ()) if o in names.display]
        matching = [o for o in owners if self.gender.get(o) == gender]
        return matching[0] if len(matching) == 1 and len(owners) > 1 else found

    def person_by_role(self, key: str, before: int) -> str | None:
        """The person given role `key`: the latest named before `before`, else the only one."""
        entries = self.by_role.get(key, [])
        earlier = [name for offset, name in entries if offset < before]
        if earlier:
            return earlier[-1]
        names = {name for _, name in entries}
        return next(iter(names)) if len(names) == 1 else None

    def antecedent(self, pronoun: Token, previous: str | None) -> str | None:
        """The person a he/she pronoun most likely points to."""
        want = _PRONOUN_GENDER.get(pronoun.lower_)
        window = [m for m in self.mentions if pronoun.idx - _WINDOW_CHARS <= m.start < pronoun.idx]
        compatible = [m for m in window if want is None or self.gender.get(m.name, want) == want]
        if not compatible:
            return previous if previous and (want is None or self.gender.get(previous, want) == want) else None
        sentence_start = sentence_of(pronoun).start_char
        # In the pronoun's own sentence the latest person wins ("Ortiz said that she…");
        # across sentences a subject or the previous speaker outranks a mere object.
        same_sentence = [m for m in compatible if m.start >= sentence_start]
        if same_sentence:
            return same_sentence[-1].name
        if sentence_of(pronoun).start:
            # The subject of the sentence just before, in the same paragraph, outranks the previous
            # speaker ("Ocasio-Cortez tweeted a vow to support Tlaib. “…,” she tweeted.").
            before = sentence_of(pronoun.doc[sentence_of(pronoun).start - 1]).start_char
            subjects = [m for m in compatible if m.start >= before and m.is_subject]
            main = [m for m in subjects if _of_main_clause(pronoun.doc, m)]  # "Horowitz could not rule out that Strzok …"
            if main or subjects:
                return (main or subjects)[-1].name
        latest = compatible[-1]
        salient = [m for m in compatible if m.is_subject or m.name == previous]
        if salient and not latest.is_subject and latest.name != previous:
            return salient[-1].name
        return latest.name

    def orgs_between(self, start: int, end: int) -> list[str]:
        """The organisations named in [start, end) of the article, in order."""
        return [org for offset, org in self.orgs if start <= offset < end]

    def roles_of(self, name: str) -> set[str]:
        return {key for key, entries in self.by_role.items() if any(n == name for _, n in entries)}

    def learn_gender(self, name: str | None, pronoun: str) -> None:
        gender = _PRONOUN_GENDER.get(pronoun.lower())
        if name and gender:
            self.gender.setdefault(name, gender)


def _of_main_clause(doc: Doc, mention: PersonMention) -> bool:
    """The mention is the subject of its sentence's main verb."""
    span = doc.char_span(mention.start, mention.end, alignment_mode="expand")
    return span is not None and span.root.head == sentence_of(span.root).root


def _title_before(ent: Span) -> Span | None:
    """Title words just before a name: "Aurora Mayor", "local council member", "Democrat Colorado Gov."."""
    doc = ent.doc
    start = ent.start
    while start > 0 and ent.start - start < 5:
        token = doc[start - 1]
        if token.pos_ not in ("PROPN", "NOUN", "ADJ") or token.ent_type_ == "PERSON" or token.is_punct:
            break
        # Only words that modify the name (compounds, adjectives) are its title.
        outside = token.head.i < ent.start or token.head.i >= ent.end
        if outside and (token.dep_ not in ("compound", "amod", "nmod") or token.head.i < ent.start - 5):
            break
        start -= 1
    return doc[start : ent.start] if start < ent.start else None


def _role_keys(words: list[str]) -> list[str]:
    keys = []
    lowered = [w.casefold() for w in words]
    for i, word in enumerate(lowered):
        if word == "member" and i > 0 and lowered[i - 1] == "council":
            keys.append("council member")
        elif word in ROLE_WORDS:
            keys.append(ROLE_WORDS[word])
    return keys


def _gender_of(words: list[str]) -> str | None:
    lowered = {w.casefold() for w in words}
    if lowered & FEMALE_WORDS:
        return "f"
    if lowered & MALE_WORDS:
        return "m"
    return None


def _inside_any(quoted: list[tuple[int, int]], start: int) -> bool:
    return covered(quoted, start)


def index_people(doc: Doc, quoted: list[tuple[int, int]]) -> ArticlePeople:
    """Index the people (and organisations) named outside quotations in one article."""
    people = ArticlePeople()
    place_words = {w.casefold() for ent in doc.ents if ent.label_ in ("GPE", "LOC", "FAC", "ORG") for w in ent.text.split()}
    people.not_person = {
        clean_name(ent.text).casefold()
        for ent in doc.ents
        if ent.label_ == "PERSON" and (not _plausible_person(ent.text, place_words) or _adverbial(ent))
    }
    persons = [
        _without_leading_word(ent)
        for ent in doc.ents
        if ent.label_ == "PERSON"
        and not _inside_any(quoted, ent.start_char)
        and clean_name(ent.text).casefold() not in people.not_person
    ]
    persons += [span for span in titled_names(doc) if not _inside_any(quoted, span.start_char)]
    persons += [
        ent
        for ent in doc.ents
        if ent.label_ == "ORG" and not _inside_any(quoted, ent.start_char) and _person_tagged_organisation(ent)
    ]
    persons.sort(key=lambda span: span.start)
    names = [clean_name(ent.text) for ent in persons]
    people.full_names = FullNames(n for n in names if len(n.split()) >= 2)
    for ent, name in zip(persons, names, strict=True):
        if not name:
            continue
        canon = people.canonical(name)
        people.mentions.append(
            PersonMention(ent.start_char, ent.end_char, ent.text, canon, ent.root.dep_ in ("nsubj", "nsubjpass"))
        )
        role_spans: list[Span] = []
        if (title := _title_before(ent)) is not None:
            role_spans.append(title)
        stripped = ent.text[: max(0, ent.text.find(name))].strip() if name in ent.text else ""
        for child in ent.root.children:
            if child.dep_ == "appos" and child.ent_type_ != "PERSON":
                tokens = list(child.subtree)[:10]
                # A role names an office or an affiliation ("a spokeswoman for the governor",
                # "a Republican"); a misparsed appositive holding another name is none.
                is_role = any(t.lower_ in ROLE_WORDS or t.ent_type_ == "NORP" for t in tokens)
                # (a possessor is whom the role is for: "Aitan Goelman, Mr. Strzok's lawyer")
                owned = {t.i for c in child.children if c.dep_ == "poss" for t in c.subtree}
                other_name = any(
                    t.pos_ == "PROPN" and t.lower_ not in ROLE_WORDS and t.ent_type_ not in ("NORP", "GPE") and t.i not in owned
                    for t in tokens
                )
                if is_role and not other_name:
                    role_spans.append(doc[tokens[0].i : tokens[-1].i + 1])
        if ent.root.dep_ == "appos" and ent.root.head.pos_ == "NOUN" and ent.root.head.lower_ in ROLE_WORDS:
            role_spans.append(ent.root.head.doc[ent.root.head.i : ent.root.head.i + 1])
        words = [t.text for span in role_spans for t in span] + stripped.split()
        for span in role_spans:
            people.roles.setdefault(canon, []).append(span.text)
        if stripped:
            people.roles.setdefault(canon, []).append(stripped)
        for key in _role_keys(words):
            people.by_role.setdefault(key, []).append((ent.start_char, canon))
        gender = _gender_of(words) or _first_name_gender(canon)
        if gender:
            people.gender.setdefault(canon, gender)
    _resolve_titled_surnames(doc, people)
    _add_surname_mentions(doc, quoted, people)
    org_names = {
        re.sub(r"^the\s+", "", ent.text.casefold()): re.sub(r"^[Tt]he\s+", "", ent.text)
        for ent in doc.ents
        if ent.label_ == "ORG"
    }
    people.orgs = [
        (ent.start_char, clean_name(ent.text))
        for ent in doc.ents
        if ent.label_ == "ORG" and not _inside_any(quoted, ent.start_char)
    ]
    for chunk in _chunks_headed_by(doc, _ORG_NOUNS):
        # "The Aurora police department": an organisation the NER often misses.
        if not _inside_any(quoted, chunk.start_char):
            kept = [t for t in chunk if t.dep_ not in ("det", "poss") and not t.is_punct and not t.is_space]
            if kept:
                text = doc[kept[0].i : kept[-1].i + 1].text
                people.orgs.append((chunk.start_char, org_names.get(text.casefold(), text)))
    people.orgs.sort()
    return people


def title_gender(span: Span) -> str | None:
    """The gender a courtesy title in or right before a name gives: "Mrs. Clinton", "Mr. Romney"."""
    words = [t.lower_ for t in span[:2]]
    if span.start:
        words.append(span.doc[span.start - 1].lower_)
    return _gender_of([w for w in words if w in _COURTESY_TITLES])


_COURTESY_TITLES = frozenset("mr. mr mrs. mrs ms. ms miss".split())


def _resolve_titled_surnames(doc: Doc, people: ArticlePeople) -> None:
    """A bare surname two people of the article share, told apart by its title's gender
    ("Mrs. Clinton" beside Bill and Hillary Clinton), once every full name's gender is known."""
    for n, mention in enumerate(people.mentions):
        if len(mention.name.split()) != 1:
            continue
        span = doc.char_span(mention.start, mention.end, alignment_mode="expand")
        gender = title_gender(span) if span is not None else None
        name = people.canonical(mention.name, gender)
        if name != mention.name:
            people.mentions[n] = PersonMention(mention.start, mention.end, mention.text, name, mention.is_subject)


def _add_surname_mentions(doc: Doc, quoted: list[tuple[int, int]], people: ArticlePeople) -> None:
    """Surnames of the article's people that the NER left untagged or called something else
    ("Akin apologized", tagged an organisation), and untagged one-word names that are a
    verb's subject ("Trump issued an apology"): mentions too, so that a later "he" finds them."""
    known = {m.start for m in people.mentions}
    surnames = people.full_names.by_surname
    tagged_once = {fold(m.name) for m in people.mentions if len(m.name.split()) == 1} - people.not_person
    added = False
    for token in doc:
        if (
            token.pos_ != "PROPN"
            or token.ent_type_ == "PERSON"
            or not token.text[:1].isupper()
            or token.idx in known
            or covered(quoted, token.idx)
        ):
            continue
        if token.i + 1 < len(doc) and doc[token.i + 1].pos_ == "PROPN" and doc[token.i + 1].dep_ != "case":
            continue  # part of a longer name ("Akin Foundation")
        is_subject = token.dep_ in ("nsubj", "nsubjpass")
        start, word = token.idx, token.text
        if (
            token.i >= 2
            and doc[token.i - 1].text == "-"
            and not doc[token.i - 2].whitespace_
            and not doc[token.i - 1].whitespace_
        ):
            start, word = doc[token.i - 2].idx, doc[token.i - 2].text + "-" + token.text  # "Ocasio-Cortez"
        if start in known:
            continue
        if fold(word) in surnames:
            name = people.canonical(word)
            if len(name.split()) < 2:
                continue
        elif fold(word) in tagged_once:
            name = people.canonical(word)  # the NER called the same word a person elsewhere
        elif is_subject and not token.ent_type_ and token.head.pos_ == "VERB" and token.lower_ not in ROLE_WORDS:
            if any(c.dep_ in ("compound", "det", "amod") for c in token.children):
                continue
            name = people.canonical(token.text)
        else:
            continue
        people.mentions.append(PersonMention(start, token.idx + len(token), word, name, is_subject))
        added = True
    if added:
        people.mentions.sort(key=lambda m: m.start)


def _adverbial(ent: Span) -> bool:
    """A one-word "person" the parse uses as a time adverb: a misspelt day ("said Wednedsay").
    Right after "said", a person would be its subject ("said Ramsey"), never its object."""
    if len(ent) != 1:
        return False
    token, doc = ent.root, ent.doc
    if token.dep_ == "npadvmod" and token.head.pos_ == "VERB":
        return True
    after_say = token.i > 0 and doc[token.i - 1].lemma_ == "say" and doc[token.i - 1].pos_ == "VERB"
    return after_say and token.dep_ in ("dobj", "intj", "npadvmod")


def _without_leading_word(ent: Span) -> Span:
    """A person's name without a sentence's first word the NER took in ("Following Romney's")."""
    start = ent.start
    while ent.end - start > 1 and ent.doc[start].pos_ in ("VERB", "ADP", "ADV", "SCONJ", "DET", "PRON"):
        start += 1
    return ent if start == ent.start else Span(ent.doc, start, ent.end, label=ent.label_)


def _person_tagged_organisation(ent: Span) -> bool:
    """A person's full name the NER labelled an organisation ("Strzok attorney Aitan Goelman",
    "Aitan Goelman, Strzok's attorney"): two or three capitalised proper nouns, no
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
    role = any(c.dep_ == "appos" and c.lower_ in ROLE_WORDS for c in ent.root.children)
    return titled or role or lowered[0] in FEMALE_FIRST_NAMES or lowered[0] in MALE_FIRST_NAMES


def _plausible_person(text: str, place_words: set[str]) -> bool:
    """False for NER 'persons' that are places or institutions ("Aurora", "Aurora Police")."""
    words = [w.casefold() for w in clean_name(text).split()]
    if not words or any(w in INSTITUTION_WORDS for w in words):
        return False
    return not (len(words) == 1 and words[0] in place_words)


_ORG_NOUNS = ("department", "police")


def _indices_of(doc: Doc, words: tuple[str, ...] | dict[str, str]) -> list[int]:
    """Indices of the tokens whose lowercase form is one of `words` (one vectorised pass, no Python loop)."""
    if not len(doc):
        return []
    lowers = doc.to_array([LOWER]).reshape(-1)
    hashes = np.array([hash_string(w) for w in words], dtype=lowers.dtype)
    return [int(i) for i in np.flatnonzero(np.isin(lowers, hashes))]


def _chunks_headed_by(doc: Doc, words: tuple[str, ...]) -> list[Span]:
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
    """Names the NER missed after a title: "Colorado Governor Jared Polis", "Mayor Denise Okafor"."""
    found: list[Span] = []
    for i in _indices_of(doc, ROLE_WORDS):
        token = doc[i]
        if not token.text[:1].isupper() or token.ent_type_ == "PERSON":
            continue
        end = token.i + 1
        while end < len(doc) and end - token.i <= 3 and doc[end].pos_ == "PROPN" and doc[end].text[:1].isupper():
            if doc[end].ent_type_ not in ("", "PERSON") or doc[end].lower_ in ROLE_WORDS:
                break
            end += 1
        if end - token.i >= 2 and not any(doc[i].ent_type_ == "PERSON" for i in range(token.i + 1, end)):
            found.append(Span(doc, token.i + 1, end, label="PERSON"))
    return found


def _first_name_gender(name: str) -> str | None:
    first = name.split()[0].casefold()
    if first in FEMALE_FIRST_NAMES:
        return "f"
    if first in MALE_FIRST_NAMES:
        return "m"
    return None


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


# Nouns by which an article points back to a company it has named ("the company denied").
_COMPANY_NOUNS = frozenset(
    "company firm contractor corporation business manufacturer operator developer retailer carrier airline "
    "automaker insurer utility employer builder supplier".split()
)
# Words in a name that make it a public body or an institution, not a company.
_PUBLIC_BODY_WORDS = frozenset(
    "department police council ministry agency office commission committee board court city county state "
    "government university school hospital".split()
)
# What a company speaks through: "the company's office", "the firm's lawyers".
_VOICE_NOUNS = frozenset("office lawyer lawyers attorney attorneys spokesperson spokesman spokeswoman".split())


def _company_meant(subject: Token, people: ArticlePeople) -> str | None:
    """The company a definite "the company" / "the firm's office" points back to: the
    latest organisation named in an earlier sentence (one in the cue's own sentence is
    usually whom it speaks to: "In a statement to Channel 7, the company denied"),
    not a public body."""
    noun = subject
    if noun.lower_ in _VOICE_NOUNS:
        owner = next((c for c in noun.children if c.dep_ == "poss"), None)
        if owner is None:
            return None
        noun = owner
    if noun.lower_ not in _COMPANY_NOUNS or not any(
        c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in noun.children
    ):
        return None
    sentence_start = sentence_of(noun).start_char
    earlier = [
        org
        for org in people.orgs_between(noun.idx - _WINDOW_CHARS, sentence_start)
        if not set(org.casefold().split()) & _PUBLIC_BODY_WORDS
    ]
    return earlier[-1] if earlier else None


_PLURAL_VOICES = {"aides": "aide", "spokesmen": "spokesperson", "spokeswomen": "spokesperson", "spokespeople": "spokesperson"}
# "the agency said": the words a public body's name may hold when an article points back to it so.
_BODY_NOUNS: dict[str, frozenset[str]] = {
    "agency": frozenset("agency service administration bureau department office commission authority institute".split()),
    "organization": frozenset("organization organisation group association foundation society coalition union institute".split()),
    "organisation": frozenset("organization organisation group association foundation society coalition union institute".split()),
    "group": frozenset("group association foundation society coalition union organization organisation".split()),
    **{
        word: frozenset([word])
        for word in "department committee bureau commission council board ministry office service administration "
        "campaign party union association foundation".split()
    },
}


def _body_meant(subject: Token, people: ArticlePeople) -> str | None:
    """The public body a definite "the agency" / "the committee" points back to: the latest
    organisation named in an earlier sentence whose name holds such a word."""
    words = _BODY_NOUNS.get(subject.lower_)
    if words is None or not any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in subject.children):
        return None
    if any(c.dep_ in ("amod", "compound", "poss", "prep") for c in subject.children):
        return None  # "the state department", "the agency's office": a different or narrower body
    sentence_start = sentence_of(subject).start_char
    earlier = [
        org for org in people.orgs_between(subject.idx - _WINDOW_CHARS, sentence_start) if set(org.casefold().split()) & words
    ]
    return earlier[-1] if earlier else None


def _document_author(subject: Token, people: ArticlePeople, previous: str | None) -> str | None:
    """Who wrote the statement a definite "the statement" points back to: the nearest earlier
    mention of one ("X said in a statement", "X released a statement", "a statement from X")."""
    doc = subject.doc
    low = subject.idx - _WINDOW_CHARS
    for i in range(subject.i - 1, -1, -1):
        token = doc[i]
        if token.idx < low:
            break
        if token.lower_ != subject.lower_ or token.pos_ != "NOUN":
            continue
        for child in token.children:
            if child.dep_ == "poss" or (child.dep_ == "prep" and child.lower_ in ("from", "by")):
                owner = child if child.dep_ == "poss" else next((c for c in child.children if c.dep_ == "pobj"), None)
                if owner is not None and (found := _owner_of(owner, people)) is not None:
                    return found
        return _author_by_verb(token, people, previous)
    return None


def _author_by_verb(document: Token, people: ArticlePeople, previous: str | None) -> str | None:
    """The subject of the verb a document hangs from: "X said in a statement", "X released a statement"."""
    verb = document.head.head if document.dep_ == "pobj" else document.head if document.dep_ == "dobj" else None
    if verb is None or verb.pos_ != "VERB":
        return None
    agent = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if agent is None or agent.lower_ in _DOCUMENT_NOUNS or across_lines(agent, document):
        return None
    speaker, _, _ = resolve_subject(agent, people, previous)
    return speaker.name


def _antecedent_of_relative(pronoun: Token) -> Token:
    """The noun a relative pronoun stands for: the relative clause's head, or in a list
    ("Will Smith and Stevie Wonder, who joked …") the member right before the pronoun."""
    head = pronoun.head.head
    members = [t for t in head.conjuncts if t.i < pronoun.i] + [head]
    return max(members, key=lambda t: t.i)


def _span_text(span: Span) -> TextSpan:
    return TextSpan(start=span.start_char, end=span.end_char, text=span.text)


# Prepositions by which a description says whom it speaks for: "a spokesperson for X",
# "officials with X", "a source within X", "an aide at X", "a statement from X".
_FOR_PREPOSITIONS = frozenset(["for", "with", "within", "at", "from", "of", "in", "by", "to"])
# Nouns for a document that speaks for its author: "a statement from the committee said".
_DOCUMENT_NOUNS = frozenset(
    "statement statements release letter memo memorandum email e-mail filing message post tweet notice".split()
)


def _owner_of(token: Token, people: ArticlePeople) -> str | None:
    """The person or organisation `token` names: an entity, a role held, or a definite
    description of an organisation named earlier ("the Democratic committee")."""
    if (ent := entity_span(token, ("PERSON", "ORG"))) is not None:
        span = ent
        while len(span) > 1 and span[-1].text in ("'s", "’s"):
            span = span[:-1]
        name = clean_name(span.text)
        if ent.label_ == "PERSON":
            return people.canonical(name, title_gender(span))
        return name
    key = ROLE_WORDS.get(token.lower_)
    if key is not None:
        return people.person_by_role(key, token.idx)
    return _organisation_described(token, people)


def _organisation_described(token: Token, people: ArticlePeople) -> str | None:
    """The organisation a definite description points back to: the latest named before it
    whose name holds all the description's words ("the Democratic committee" for the
    Democratic National Committee)."""
    if not any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in token.children):
        return None
    words = {token.lower_} | {c.lower_ for c in token.children if c.dep_ in ("amod", "compound") and c.is_alpha}
    if len(words) < 2:
        return None  # a bare "the committee" could be any committee
    found = [org for org in people.orgs_between(token.idx - 4 * _WINDOW_CHARS, token.idx) if words <= set(org.casefold().split())]
    return found[-1] if found else None


def _represented(head: Token, people: ArticlePeople) -> str | None:
    """Whom a description speaks for: "a spokesperson for Gov. X", "the governor's aide", "officials with X"."""
    for token in head.subtree:
        if token.dep_ == "poss" and token.head == head and token.lower_ in ("his", "her"):
            # "his campaign noted", "her aides said": whom the pronoun points to
            return people.antecedent(token, None)
        if (
            (token.dep_ == "pobj" and token.head.lower_ in _FOR_PREPOSITIONS and token.head.head == head)
            or (token.dep_ == "poss" and token.head == head)
            or (token.dep_ == "compound" and token.head == head and token.ent_type_ in ("PERSON", "ORG"))
        ):  # "a spokesperson for X", "X's aide", "a senior Treasury official", "top Clinton advisers"
            owner = _owner_of(token, people)
            if owner is not None:
                return owner
    return None


def _plural_antecedent(pronoun: Token) -> Token | None:
    """The plural subject a "they" points back to: an earlier subject in its sentence, else
    the subject of the sentence before (its main verb's first), when it is a plural noun
    or names two or more people."""
    doc = pronoun.doc
    sentence = sentence_of(pronoun)
    own = [t for t in doc[sentence.start : pronoun.i] if t.dep_ in ("nsubj", "nsubjpass")]
    before: list[Token] = []
    if sentence.start:
        previous = sentence_of(doc[sentence.start - 1])
        subjects = [t for t in previous if t.dep_ in ("nsubj", "nsubjpass")]
        before = sorted(subjects, key=lambda t: (t.head != previous.root, -t.i))
    for token in [*reversed(own), *before]:
        if token.lower_ in PRONOUNS or across_lines(token, pronoun):  # (another paragraph: not this one's)
            continue
        joint = token.ent_type_ == "PERSON" and any(c.ent_type_ == "PERSON" for c in token.conjuncts)
        if joint or (token.tag_ in ("NNS", "NNPS") and token.pos_ == "NOUN"):
            return token
    return None


def _group_speaker(group: Token, people: ArticlePeople, previous: str | None) -> tuple[Speaker, float, str]:
    """The speaker of a group: the first-named person, the others in the description; or the
    plural description itself ("senior aides to Ms. Pelosi")."""
    speaker, confidence, rule = resolve_subject(group, people, previous)
    members = [group, *(c for c in group.conjuncts if c.ent_type_ == "PERSON")]
    if len(members) > 1 and speaker.name:
        names = [resolve_subject(m, people, previous)[0].name or m.text for m in members]
        speaker = speaker.model_copy(update={"description": ", ".join(names[:-1]) + " and " + names[-1]})
    return speaker, confidence, rule


def _without_common_owner(span: Span) -> Span:
    """An organisation's name without a common-noun owner the NER took in: "the bureau's
    Office of Professional Responsibility" is the Office of Professional Responsibility."""
    for token in span[:-1]:
        if token.tag_ == "POS" and all(not t.text[:1].isupper() for t in span[: token.i - span.start] if t.is_alpha):
            return Span(span.doc, token.i + 1, span.end, label=span.label_)
    return span


def _with_of_phrase(span: Span) -> Span:
    """An organisation's name the NER cut before its "of" phrase: "The U.S. Department" + "of the Treasury"."""
    doc = span.doc
    if span[-1].lower_ not in _BODY_NOUNS or span.end + 1 >= len(doc) or doc[span.end].lower_ != "of":
        return span
    end = span.end + 1
    if doc[end].lower_ == "the":
        end += 1
    start_of_name = end
    while end < len(doc) and doc[end].pos_ == "PROPN" and doc[end].text[:1].isupper() and end - start_of_name < 4:
        end += 1
    return Span(doc, span.start, end, label=span.label_) if end > start_of_name else span


def _named_in_description(subject: Token) -> Token | None:
    """The person a role phrase names, where the parse hung the name lower down: a title
    ("Secretary of the Interior Ryan Zinke": the name is the "of" object) or an appositive
    name on the role's object ("A lawyer for Mr. Grimm, William McGinley, …": a person is
    never another person's appositive, so the name is the lawyer's)."""
    if subject.lower_ not in ROLE_WORDS:
        return None
    for prep in subject.children:
        if prep.dep_ != "prep":
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj" or pobj.ent_type_ != "PERSON":
                continue
            if (
                prep.lower_ == "of"
                and subject.text[:1].isupper()
                and any(c.dep_ == "compound" and c.ent_type_ != "PERSON" and c.text[:1].isupper() for c in pobj.children)
            ):
                return pobj
            named = next((c for c in pobj.children if c.dep_ == "appos" and c.ent_type_ == "PERSON"), None)
            if named is not None:
                return named
    return None


def _holds_role_for(holder: str, subject: Token, people: ArticlePeople) -> bool:
    """Whether the role `holder` was given is for the named possessor of `subject`, if it has one."""
    owner = next((c for c in subject.children if c.dep_ == "poss" and c.pos_ == "PROPN"), None)
    if owner is None:
        return True
    surname = clean_name(owner.text).casefold()
    return any(surname in role.casefold() for role in people.roles.get(holder, ()))


def _or_unresolved(name: str | None, rule: str) -> float:
    return CONFIDENCE[rule] if name else CONFIDENCE["unresolved"]


def resolve_subject(subject: Token, people: ArticlePeople, previous: str | None) -> tuple[Speaker, float, str]:
    """(speaker, confidence, rule suffix) for the subject token of a reporting verb."""
    doc = subject.doc
    antecedent = _antecedent_of_relative(subject) if subject.tag_ in ("WP", "WDT") and subject.head.dep_ == "relcl" else None
    if antecedent is not None and antecedent.tag_ not in ("WP", "WDT"):
        # "Ortiz, who said …": the mention is the relative pronoun (as for "she"), the name its antecedent's.
        speaker, confidence, rule = resolve_subject(antecedent, people, previous)
        mention = TextSpan(start=subject.idx, end=subject.idx + len(subject), text=subject.text)
        return speaker.model_copy(update={"mention": mention}), confidence, rule
    role_appos = next((c for c in subject.children if c.dep_ == "appos" and c.lower_ in ROLE_WORDS), None)
    if role_appos is not None and (subject.ent_type_ != "PERSON" or subject.lower_ in people.not_person):
        # "The Aurora, Colorado councilwoman who …": the parser made the place the head.
        speaker, confidence, rule = resolve_subject(role_appos, people, previous)
        if speaker.name:
            return speaker, confidence, rule
    ent = entity_span(subject)
    if ent is None:
        for child in subject.children:  # "Shelby Wieman, a spokeswoman" / "a spokeswoman, Shelby Wieman"
            if child.dep_ == "appos" and (ent := entity_span(child)) is not None:
                break
    if ent is None and (named := _named_in_description(subject)) is not None:
        ent = entity_span(named)
        # (not the title's "Interior" of "Secretary of the Interior Ryan Zinke")
        while ent is not None and len(ent) > 1 and not ent[0].ent_type_:
            ent = Span(doc, ent.start + 1, ent.end, label=ent.label_)
    if ent is not None and ent.label_ == "PERSON":
        ent = _without_leading_word(ent)
    if ent is not None and ent.label_ == "PERSON" and clean_name(ent.text).casefold() in people.not_person:
        ent = None
    if ent is not None and ent.label_ in ("GPE", "NORP") and len(people.canonical(clean_name(ent.text)).split()) > 1:
        ent = Span(doc, ent.start, ent.end, label="PERSON")  # "Tlaib, doubling down, tweeted": tagged a place
    if ent is not None and ent.label_ in ("PERSON", "ORG"):
        span = ent
        while len(span) > 1 and span[-1].text in ("'s", "’s"):
            span = span[:-1]
        if ent.label_ == "ORG":
            span = _with_of_phrase(_without_common_owner(span))
        name = clean_name(span.text)
        canonical = people.canonical(name, title_gender(span))
        if ent.label_ == "PERSON":
            name = canonical
        elif canonical.split()[-1].casefold() == name.casefold() and canonical != name:
            name = canonical  # a person's surname the NER labelled an organisation ("Polis said")
        return Speaker(name=name, mention=_span_text(span)), CONFIDENCE["cue_subject"], "cue_subject"
    if subject.pos_ == "PROPN" and subject.ent_type_ not in ("DATE", "TIME", "GPE", "NORP"):
        # A name the NER missed ("Mayor Denise Okafor"): the proper-noun chain ending here.
        first = subject
        while first.i > 0 and doc[first.i - 1].pos_ == "PROPN" and doc[first.i - 1].dep_ in ("compound", "flat"):
            first = doc[first.i - 1]
        span = doc[first.i : subject.i + 1]
        return (
            Speaker(name=people.canonical(clean_name(span.text)), mention=_span_text(span)),
            CONFIDENCE["cue_subject/untagged"],
            "cue_subject",
        )
    if subject.lower_ in PRONOUNS:
        mention = TextSpan(start=subject.idx, end=subject.idx + len(subject), text=subject.text)
        if subject.lower_ in _PRONOUN_GENDER:  # he, she, and the possessive "his claim", "her remark"
            pointed_to = people.antecedent(subject, previous)
            people.learn_gender(pointed_to, subject.lower_)
            return Speaker(name=pointed_to, mention=mention), _or_unresolved(pointed_to, "cue_pronoun"), "cue_pronoun"
        if subject.lower_ == "it":
            # "it" is never a person: an organisation named earlier in its sentence ("The
            # department said it expected …") or in the sentence before, else the previous
            # speaker if an organisation.
            sentence = sentence_of(subject)
            start = sentence_of(doc[sentence.start - 1]).start_char if sentence.start else sentence.start_char
            near = people.orgs_between(start, subject.idx)
            persons = {m.name for m in people.mentions}
            organisation = near[-1] if near else (previous if previous and previous not in persons else None)
            return Speaker(name=organisation, mention=mention), _or_unresolved(organisation, "cue_pronoun/it_they"), "cue_pronoun"
        if subject.lower_ == "they" and (group := _plural_antecedent(subject)) is not None:
            # "Long and Bosma held a press conference. They said …": the first-named speaks for
            # both; "Aides to Ms. Pelosi disputed it. …, they said": the aides.
            speaker, confidence, rule = _group_speaker(group, people, previous)
            return speaker.model_copy(update={"mention": mention}), min(confidence, CONFIDENCE["cue_pronoun/they_group"]), rule
        # they / we: the previous speaker when there was one (often an organisation).
        return Speaker(name=previous, mention=mention), _or_unresolved(previous, "cue_pronoun/it_they"), "cue_pronoun"
    tokens = list(subject.subtree)
    if any(t.dep_ == "relcl" for t in tokens):  # "the councilwoman who leaked video …": the head phrase only
        relcl = next(t for t in tokens if t.dep_ == "relcl")
        tokens = [t for t in tokens if t.i < min(r.i for r in relcl.subtree)]
    tokens = tokens[:_MAX_DESCRIPTION_TOKENS]
    span = doc[tokens[0].i : tokens[-1].i + 1]
    mention = _span_text(span)
    determiners = {c.lower_ for c in (*subject.children, *subject.head.children) if c.dep_ in ("det", "poss")}
    key = "council member" if subject.lower_ == "member" else ROLE_WORDS.get(subject.lower_)
    if key is None and subject.tag_ == "NNS" and subject.lower_ in _PLURAL_VOICES:
        key = _PLURAL_VOICES[subject.lower_]  # "aides say": the people who speak for someone
    definite = bool(determiners & {"the", "this", "that"}) or any(c.dep_ == "poss" for c in subject.children)
    if key is not None and definite:
        holder = people.person_by_role(key, subject.idx)
        if holder is not None and not _holds_role_for(holder, subject, people):
            holder = None  # "Mr. Trump's lawyer" is not the lawyer the article gave Mr. Strzok
        if holder is not None:
            return Speaker(name=holder, mention=mention), CONFIDENCE["cue_role"], "cue_role"
    organisation = _company_meant(subject, people)
    if organisation is not None:
        return Speaker(name=organisation, mention=mention), CONFIDENCE["cue_organisation"], "cue_organisation"
    if subject.lower_ in _POLICE_WORDS or subject.lower_ == "authorities":
        police = [org for org in people.orgs_between(0, subject.idx) if "police" in org.casefold()]
        if police:
            return Speaker(name=police[-1], mention=mention), CONFIDENCE["cue_police"], "cue_police"
    body = _body_meant(subject, people)
    if body is not None:
        return Speaker(name=body, mention=mention), CONFIDENCE["cue_organisation"], "cue_organisation"
    if subject.lower_ in _DOCUMENT_NOUNS and not any(c.dep_ in ("poss", "prep") for c in subject.children):
        # "The statement said …": the author of the statement the article told of; "X put
        # out a statement that claimed …": the statement's own author.
        author = _document_author(subject, people, previous) if definite else _author_by_verb(subject, people, previous)
        if author is not None:  # "The statement said …": the author of the statement the article told of
            return Speaker(name=author, mention=mention), CONFIDENCE["cue_document"], "cue_document"
    represents = _represented(subject, people)
    if represents is not None and subject.lower_ in _DOCUMENT_NOUNS:
        # "a statement from the committee said": the author speaks.
        return Speaker(name=represents, mention=mention), CONFIDENCE["cue_document"], "cue_document"
    inferred = False
    if represents is None and key in ("spokesperson", "aide"):
        # A bare "a spokesperson": the person the story was just about, as a flagged inference.
        earlier = [m.name for m in people.mentions if subject.idx - _WINDOW_CHARS <= m.start < subject.idx]
        holders = [name for name in earlier if people.roles_of(name) & OFFICES]
        if holders or earlier:
            represents, inferred = (holders or earlier)[-1], True
    description = re.sub(r"\s+", " ", span.text)
    return (
        Speaker(mention=mention, description=description, represents=represents, inferred=inferred),
        CONFIDENCE["cue_description"],
        "cue_description",
    )
