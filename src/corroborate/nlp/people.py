"""The people of one article, indexed for resolving speakers: their mentions outside
quotations, the roles and titles the article gives them, their gender where the text
tells it, and the organisations it names.

`index_people` builds an `ArticlePeople` from a parsed article; `ArticlePeople` answers
which full name a surname or first name stands for, who holds a role ("the mayor"),
and whom a he/she pronoun points back to. `corroborate.nlp.speakers` reads it to turn a
cue's subject into a `Speaker`.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources

import numpy as np
from spacy.attrs import DEP, ENT_TYPE, LOWER, POS
from spacy.strings import hash_string  # type: ignore[attr-defined]  # compiled; spaCy's stubs omit it
from spacy.symbols import PROPN  # type: ignore[import-not-found]  # compiled; no stubs
from spacy.tokens import Doc, Span, Token

from corroborate.nlp.lexicon import HEADLINE_VERB_FORMS, PERSON_DESCRIPTORS, REPORTING_FORMS, REPORTING_VERBS, names_a_company
from corroborate.nlp.names import (
    FEMALE_FIRST_NAMES,
    FEMALE_WORDS,
    INSTITUTION_WORDS,
    MALE_FIRST_NAMES,
    MALE_WORDS,
    PRONOUN_GENDER,
    ROLE_WORDS,
    FullNames,
    clean_name,
    fold,
    is_title,
    name_key,
)
from corroborate.nlp.sentences import SENTENCE_END, doc_text, once_per_doc, sentence_of
from corroborate.nlp.spans import covered

PRONOUNS = frozenset(["he", "she", "they", "i", "we", "it", "him", "her", "his", "them", "you"])
WINDOW_CHARS = 2500  # how far back a pronoun or role looks for its person


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
    common: frozenset[str] = frozenset()  # words the article capitalises only to start a sentence (`_common_words`)
    full_names: FullNames = field(default_factory=lambda: FullNames(()))
    outlets: frozenset[str] = frozenset()  # names in `orgs` the outlet registry knows that the article only cites
    news_outlets: frozenset[str] = frozenset()  # all names in `orgs` the outlet registry knows
    quoted: list[tuple[int, int]] = field(default_factory=list)  # the article's quotations
    _starts: list[int] = field(default_factory=list, repr=False)

    def mention_gender(self, span: Span) -> str | None:
        """The gender a name's own words tell: its courtesy title, else (for a subject) the
        pronoun its sentence goes on with."""
        gender = title_gender(span)
        if gender is None and span.root.dep_ in ("nsubj", "nsubjpass"):
            gender = _gender_continued(span, self.mention_starts(), self.quoted)
        return gender

    def mention_starts(self) -> list[int]:
        """The mentions' offsets in order, sorted again only when mentions were added."""
        if len(self._starts) != len(self.mentions):
            self._starts = sorted(m.start for m in self.mentions)
        return self._starts

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
        if not matching:  # "Mr. Corliss" beside Dana Corliss, a woman, and Wade Corliss
            matching = [o for o in owners if o not in self.gender]
            matching = matching if len(owners) - len(matching) >= 1 else []
        return matching[0] if len(matching) == 1 and len(owners) > 1 else found

    def _role_subject(self, sentence: Span, want: str | None, apart: set[str]) -> str | None:
        """The person holding the role a sentence's main subject names ("The mayor ... was
        emphatic"), of the wanted gender."""
        subject = next((c for c in sentence.root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is None or not any(c.dep_ == "det" and c.lower_ == "the" for c in subject.children):
            return None
        key = ROLE_WORDS.get(subject.lower_)
        holder = self.person_by_role(key, subject.idx) if key else None
        if holder is None or holder in apart or (want is not None and self.gender.get(holder, want) != want):
            return None
        return holder

    def person_by_role(self, key: str, before: int) -> str | None:
        """The person given role `key`: the latest named before `before`, else the only one."""
        entries = self.by_role.get(key, [])
        earlier = [name for offset, name in entries if offset < before]
        if earlier:
            return earlier[-1]
        names = {name for _, name in entries}
        return next(iter(names)) if len(names) == 1 else None

    def person_named_next(self, key: str, after: int, until: int) -> str | None:
        """The first person given role `key` in (after, until): a role introduced before its
        holder's name ("The governor's spokeswoman said ... The spokeswoman, Megan
        Tollefson, said ...")."""
        return next((name for offset, name in self.by_role.get(key, []) if after < offset < until), None)

    def antecedent(self, pronoun: Token, previous: str | None, *, subject_first: bool = False) -> str | None:
        """The person a he/she pronoun most likely points to. `subject_first`: in the
        pronoun's own sentence a person named as a subject outranks a later object (for
        a pronoun another one continues: "if Carson implied he would not criticize Cruz,
        he did not …")."""
        want = PRONOUN_GENDER.get(pronoun.lower_)
        apart = self._bound_apart(pronoun)
        window = [m for m in self.mentions if pronoun.idx - WINDOW_CHARS <= m.start < pronoun.idx and m.name not in apart]
        compatible = [m for m in window if want is None or self.gender.get(m.name, want) == want]
        if not compatible:
            fits = previous and previous not in apart and (want is None or self.gender.get(previous, want) == want)
            return previous if fits else None
        reporter = _reporter_of(pronoun)
        if reporter is not None:
            # "Scotto, who asked about Grimm's campaign, protested, saying he was asking …": the
            # subject of a clause someone reports is, by default, the reporter.
            named = [m for m in compatible if m.start <= reporter.idx < m.end]
            if named:
                return named[-1].name
        own = sentence_of(pronoun)
        # In the pronoun's own sentence the latest person wins ("Ortiz said that she…");
        # across sentences a subject or the previous speaker outranks a mere object.
        same_sentence = [m for m in compatible if m.start >= own.start_char]
        if subject_first and any(m.is_subject for m in same_sentence):
            same_sentence = [m for m in same_sentence if m.is_subject]
        if same_sentence:
            return same_sentence[-1].name
        if own.start:
            # The subject of the sentence just before, in the same paragraph, outranks the previous
            # speaker ("Ocasio-Cortez tweeted a vow to support Tlaib. “…,” she tweeted.").
            sentence_before = sentence_of(pronoun.doc[own.start - 1])
            subjects = [m for m in compatible if m.start >= sentence_before.start_char and m.is_subject]
            if not subjects:
                # "… drew a response from Senator Joan Petrakis, who has made …. “…,” she
                # wrote": one a relative clause is about, of the pronoun's known gender
                subjects = [
                    m
                    for m in compatible
                    if m.start >= sentence_before.start_char
                    and self.gender.get(m.name) == want
                    and _relative_subject(pronoun.doc, m)
                ]
            main = [m for m in subjects if _of_main_clause(pronoun.doc, m)]  # "Horowitz could not rule out that Strzok …"
            if main:
                return main[-1].name
            if not subjects and (holder := self._role_subject(sentence_before, want, apart)) is not None:
                # "The mayor, for his part, was emphatic. '...,' he said": the role's holder,
                # not a name mentioned before it ("Mr. Pryce did not respond.")
                return holder
            if subjects:
                # A he/she as the main subject there outranks the subject of a side clause:
                # "…, he helped reporters Ann Vale and Tom Reyes pursue the story. … he
                # finally spoke up" is the first "he"'s man, not Tom Reyes.
                chained = _subject_pronoun(sentence_before, want)
                found = self.antecedent(chained, previous, subject_first=True) if chained is not None else None
                return found if found is not None else subjects[-1].name
        latest = compatible[-1]
        salient = [m for m in compatible if m.is_subject or m.name == previous]
        if salient and not latest.is_subject and latest.name != previous:
            return salient[-1].name
        return latest.name

    def _bound_apart(self, pronoun: Token) -> set[str]:
        """The people a subject pronoun cannot be: the one its relative clause describes
        ("Trump, whom he called a “con artist”") and the one its verb takes as object ("he
        called Trump a liar")."""
        if pronoun.dep_ not in ("nsubj", "nsubjpass"):
            return set()
        verb = pronoun.head
        others = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
        if verb.dep_ == "relcl":
            described = verb.head  # with its apposition: "the mayor, Okafor, whom he called"
            others += [described, *(c for c in described.children if c.dep_ == "appos")]
            if described.dep_ == "appos":
                others.append(described.head)
        apart = {m.name for m in self.mentions for t in others if m.start <= t.idx < m.end}
        # "Renata Solis is running the plant in the interim, she said": a person named in
        # what a pronoun reports is someone else, whichever side of the cue it stands.
        for first, last in _reported_spans(verb):
            apart |= {m.name for m in self.mentions if first <= m.start < last}
        # "Standing beside Mr. Whitacre's mother, he said": whom a subjectless participle
        # before the pronoun's clause takes is not who stands there (the pronoun is).
        for clause in verb.children:
            if (
                clause.dep_ == "advcl"
                and clause.i < pronoun.i
                and clause.tag_ in ("VBG", "VBN")
                and not any(c.dep_ in ("nsubj", "nsubjpass", "mark") for c in clause.children)
            ):
                first, last = clause.left_edge.idx, clause.right_edge.idx + len(clause.right_edge)
                apart |= {m.name for m in self.mentions if first <= m.start < last}
        return apart

    @cached_property
    def person_names(self) -> frozenset[str]:
        """The canonical names of the article's people (read once the index is built)."""
        return frozenset(m.name for m in self.mentions)

    def orgs_between(self, start: int, end: int) -> list[str]:
        """The organisations named in [start, end) of the article, in order."""
        return [org for offset, org in self.orgs if start <= offset < end]

    def roles_of(self, name: str) -> set[str]:
        return {key for key, entries in self.by_role.items() if any(n == name for _, n in entries)}

    def learn_gender(self, name: str | None, pronoun: str) -> None:
        gender = PRONOUN_GENDER.get(pronoun.lower())
        if name and gender:
            self.gender.setdefault(name, gender)


def _reporter_of(pronoun: Token) -> Token | None:
    """The subject of the reporting verb whose reported clause `pronoun` is the subject of
    ("X said he …", "X protested, saying he …"), when that subject is a name."""
    clause = pronoun.head
    if pronoun.dep_ not in ("nsubj", "nsubjpass") or clause.dep_ != "ccomp":
        return None
    verb = clause.head
    if verb.lemma_.lower() not in REPORTING_VERBS:
        return None
    for _ in range(3):  # a participle ("…, saying he …") takes its clause's subject
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None:
            return subject if subject.ent_type_ == "PERSON" else None
        if verb.dep_ not in ("advcl", "xcomp", "conj") or verb.head.i == verb.i:
            return None
        verb = verb.head
    return None


def _subject_pronoun(sentence: Span, gender: str | None) -> Token | None:
    """The he/she of `gender` that is the subject of the sentence's main verb."""
    if gender is None:
        return None
    return next(
        (
            t
            for t in sentence
            if t.dep_ in ("nsubj", "nsubjpass") and t.head == sentence.root and PRONOUN_GENDER.get(t.lower_) == gender
        ),
        None,
    )


def _reported_spans(verb: Token) -> list[tuple[int, int]]:
    """The character spans of what a reporting verb reports in its own paragraph: its
    clause after it ("she said Solis would ..."), or the clause it is set into ("Solis
    would ..., she said"), the verb's own phrase left out."""
    if verb.lemma_.casefold() not in REPORTING_VERBS:
        return []
    text = doc_text(verb.doc)
    spans = [(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)) for c in verb.children if c.dep_ == "ccomp"]
    if (
        verb.dep_ in ("ccomp", "parataxis")
        and verb.i > verb.head.i
        and verb.head.lemma_.casefold() not in REPORTING_VERBS  # ("posted that she had asked": no cue set in)
        and not any(c.dep_ == "mark" for c in verb.children)
    ):
        spans.append((verb.head.left_edge.idx, verb.left_edge.idx))
    # (a parse running over a sentence's or paragraph's end reports nothing beyond it)
    opening = max((m.end() for m in SENTENCE_END.finditer(text, max(0, verb.idx - 600), verb.idx)), default=0)
    closing = next((m.start() + 1 for m in SENTENCE_END.finditer(text, verb.idx)), len(text))
    return [(max(first, opening), min(last, closing)) for first, last in spans if last > opening and first < closing]


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


def _without_owner(role: Span) -> Span:
    """A role's words after its possessor ("the congressman's wife" -> "wife")."""
    marks = [t.i for t in role if t.tag_ == "POS"]
    return role.doc[marks[-1] + 1 : role.end] if marks and marks[-1] + 1 < role.end else role


def _with_owner(role: Span) -> Span:
    """A role with the person it is for, when a name owns it ("Strzok attorney", "Mr. Grimm's
    lawyer"), so that a later "Mr. Grimm's lawyer said" finds whom the article gave the role."""
    doc = role.doc
    start = role.start
    owner = next((c for c in role.root.children if c.dep_ == "poss" and c.pos_ == "PROPN" and c.i < role.start), None)
    if owner is not None:
        return doc[owner.left_edge.i : role.end]
    if start >= 2 and doc[start - 1].tag_ == "POS" and doc[start - 2].ent_type_ == "PERSON":
        start -= 2
    elif start >= 1 and doc[start - 1].ent_type_ == "PERSON" and doc[start - 1].head.i in range(role.start, role.end):
        start -= 1
    else:
        return role
    while start > 0 and doc[start].ent_iob_ == "I":
        start -= 1  # the owner's whole name
    return doc[start : role.end]


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


# Entity types an appositive role names as an affiliation ("a Republican", "the
# president of the Nevada State Education Association"), not as another person.
_AFFILIATION_TYPES = frozenset(["NORP", "GPE", "ORG", "FAC", "LOC"])
_BODY_TYPES = frozenset(["ORG", "FAC", "LOC"])
_PAST_ROLE = re.compile(r"\b(?:former|ex|then|late)\b", re.I)


def index_people(doc: Doc, quoted: list[tuple[int, int]]) -> ArticlePeople:
    """Index the people (and organisations) named outside quotations in one article."""
    people = ArticlePeople(quoted=quoted)
    ents = tuple(doc.ents)  # spaCy builds every entity's Span on each `doc.ents`: once here
    # (what does not depend on `quoted` is read once per Doc: quotes and claims both index)
    place_words = once_per_doc(doc, "place_words", lambda: frozenset(_place_words(ents)))
    named = [(ent, trimmed_name(ent)) for ent in ents if ent.label_ == "PERSON"]
    common = people.common = once_per_doc(doc, "common_words", lambda: _common_words(doc))
    # A name the parse once misreads as a time adverb is still a name where it is read
    # as one elsewhere ("Mr. Tolliver, his wife and four aides stayed on").
    adverbial = {clean_name(name.text).casefold() for ent, name in named if _adverbial(ent)}
    adverbial -= {clean_name(name.text).casefold() for ent, name in named if not _adverbial(ent)}
    excluded = common | adverbial | _organisation_words(ents, named)
    people.not_person = {
        clean_name(name.text).casefold()
        for _ent, name in named
        if not _plausible_person(name.text, place_words) or clean_name(name.text).casefold() in excluded
    }
    persons = [
        name
        for ent, name in named
        if not _inside_any(quoted, ent.start_char) and clean_name(name.text).casefold() not in people.not_person
    ]
    persons += [span for span in titled_names(doc) if not _inside_any(quoted, span.start_char)]
    lone_speakers = once_per_doc(doc, "lone_speakers", lambda: _lone_speakers(doc))
    persons += [
        ent
        for ent in map(_with_first_name, ents)
        if ent.label_ in _MISREAD_LABELS
        and not _inside_any(quoted, ent.start_char)
        and _person_tagged_organisation(ent, lone_speakers)
    ]
    persons.sort(key=lambda span: span.start)
    names = [clean_name(ent.text) for ent in persons]
    people.full_names = FullNames(n for n in names if len(n.split()) >= 2)
    for ent, name in zip(persons, names, strict=True):
        if not name:
            continue
        canon = people.canonical(name)
        people.mentions.append(PersonMention(ent.start_char, ent.end_char, ent.text, canon, _subject_named(ent)))
        role_spans: list[Span] = []
        # Roles shown, but no key to find the person by ("the president of the Brady
        # Campaign" is not whom "the president said" means; "the former governor" is no
        # governor now).
        shown_only: list[Span] = []
        clients: set[int] = set()  # words of a role naming whom it is for, after it
        if (title := _title_before(ent)) is not None:
            role_spans.append(_with_owner(title))
        stripped = ent.text[: max(0, ent.text.find(name))].strip() if name in ent.text else ""
        for child in ent.root.children:
            if child.dep_ == "appos" and child.ent_type_ != "PERSON":
                tokens = list(child.subtree)[:10]
                # A role names an office or an affiliation ("a spokeswoman for the governor",
                # "a Republican"); a misparsed appositive holding another name is none.
                is_role = any(t.lower_ in ROLE_WORDS or t.ent_type_ == "NORP" for t in tokens)
                # (a possessor is whom the role is for: "Aitan Goelman, Mr. Strzok's lawyer")
                owned = {t.i for c in child.children if c.dep_ == "poss" for t in c.subtree}
                # (and whom a clause says it represents: "a lawyer who represents Mr. Hale";
                # the clause tells neither the person's role nor their gender)
                represented = {
                    t.i for c in child.children if c.dep_ in ("relcl", "acl") and c.lemma_ == "represent" for t in c.subtree
                }
                owned |= represented
                proper = [t for t in tokens if t.pos_ == "PROPN" and t.lower_ not in ROLE_WORDS and t.i not in owned]
                if not is_role or any(t.ent_type_ not in _AFFILIATION_TYPES for t in proper):
                    continue
                span = doc[tokens[0].i : tokens[-1].i + 1]
                at_named_body = any(t.ent_type_ in _BODY_TYPES for t in proper)
                (shown_only if at_named_body or _PAST_ROLE.search(span.text) else role_spans).append(span)
                clients |= represented
        if ent.root.dep_ == "appos" and ent.root.head.pos_ == "NOUN" and ent.root.head.lower_ in ROLE_WORDS:
            role_spans.append(_with_owner(doc[ent.root.head.i : ent.root.head.i + 1]))
        # (an owner's words tell the owner's gender: "the congressman's wife")
        words = [t.text for span in role_spans for t in _without_owner(span) if t.i not in clients] + stripped.split()
        if ent.root.dep_ == "appos" and ent.root.head.lower_ in FEMALE_WORDS | MALE_WORDS:
            words.append(ent.root.head.text)  # "The congressman's wife, Dana Corliss"
        for span in (*role_spans, *shown_only):
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
        re.sub(r"^the\s+", "", ent.text.casefold()): re.sub(r"^[Tt]he\s+", "", ent.text) for ent in ents if ent.label_ == "ORG"
    }
    people.orgs = [
        (ent.start_char, clean_name(ent.text)) for ent in ents if ent.label_ == "ORG" and not _inside_any(quoted, ent.start_char)
    ]
    for chunk in once_per_doc(doc, "office_chunks", lambda: tuple(_chunks_headed_by(doc, _ORG_NOUNS))):
        # "The Aurora police department", "The Marlow County Sheriff's Office": an
        # organisation the NER often misses (an office only by a capitalised name).
        office = chunk.root.lower_ == "office"
        if office and not (
            chunk.root.text == "Office"
            and chunk.root.i > chunk.start
            and doc[chunk.start].pos_ != "PRON"
            and any(t.pos_ == "PROPN" for t in chunk[:-1])
        ):
            continue
        if not _inside_any(quoted, chunk.start_char):
            dropped = ("det",) if office else ("det", "poss")  # (an office's owner is its name)
            kept = [t for t in chunk if t.dep_ not in dropped and not t.is_punct and not t.is_space]
            if kept:
                text = doc[kept[0].i : kept[-1].i + 1].text
                # ("The Sheriff's Office" after "the Marlow County Sheriff's Office": that one)
                suffix = f" {text.casefold()}"
                longer = [
                    org for start, org in people.orgs if office and start < chunk.start_char and org.casefold().endswith(suffix)
                ]
                people.orgs.append((chunk.start_char, longer[-1] if longer else org_names.get(text.casefold(), text)))
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
    ("Mrs. Clinton" beside Bill and Hillary Clinton), else by the pronoun its sentence
    goes on with ("Corliss insisted ..., and he called"), once every full name's gender
    is known."""
    for n, mention in enumerate(people.mentions):
        if len(mention.name.split()) != 1:
            continue
        span = doc.char_span(mention.start, mention.end, alignment_mode="expand")
        gender = title_gender(span) if span is not None else None
        if gender is None and span is not None and mention.is_subject:
            gender = _gender_continued(span, people.mention_starts(), people.quoted)
        name = people.canonical(mention.name, gender)
        if name != mention.name:
            people.mentions[n] = PersonMention(mention.start, mention.end, mention.text, name, mention.is_subject)


def _subject_named(ent: Span) -> bool:
    """Whether a name is its clause's subject, or apposed to it ("The committee's senior
    Democrat, Senator Marian Kessler, said")."""
    root, head = ent.root, ent.root.head
    described = head.pos_ == "NOUN" or head.ent_type_ == "NORP"  # a role or an affiliation, not another name
    if _a_subject(root) or (root.dep_ == "appos" and head.dep_ in ("nsubj", "nsubjpass") and described):
        return True
    # "In Orrin Springs, Ada Pruitt, 67, waited": a name the parse apposed to an opening
    # phrase's object, before a verb left with no subject, is that verb's subject.
    verb = head.head.head if head.dep_ == "pobj" and head.head.dep_ == "prep" else None
    return (
        root.dep_ == "appos"
        and verb is not None
        and verb.pos_ in ("VERB", "AUX")
        and verb.i > root.i
        and head.head.i < head.i < root.i
        and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children)
    )


def _a_subject(token: Token) -> bool:
    """Whether a name's word is its clause's subject, also where the parser made it the
    root of a sentence whose verb follows an aside ("Ransome, for her part, conceded":
    the verb read as a clause on the name)."""
    if token.dep_ in ("nsubj", "nsubjpass"):
        return True
    return token.dep_ == "ROOT" and any(
        c.dep_ in ("acl", "advcl") and c.tag_ in ("VBD", "VBZ", "VBP", "VBN") and c.i > token.i and _comma_between(token, c)
        for c in token.children
    )


def _comma_between(first: Token, second: Token) -> bool:
    return any(t.text == "," for t in first.doc[first.i + 1 : second.i])


def _relative_subject(doc: Doc, mention: PersonMention) -> bool:
    """Whether a name is the subject of a relative clause on it ("a response from Senator
    Joan Petrakis, who has made ...")."""
    span = doc.char_span(mention.start, mention.end, alignment_mode="expand")
    return span is not None and any(
        c.dep_ == "relcl" and any(s.dep_ in ("nsubj", "nsubjpass") and s.lower_ == "who" for s in c.children)
        for c in span.root.children
    )


def _gender_continued(subject: Span, starts: list[int], quoted: list[tuple[int, int]]) -> str | None:
    """The gender of the first he/she/his/her after a subject in its sentence, outside
    quotations, with no other person named between."""
    sentence = subject.sent
    nearest = bisect.bisect_right(starts, subject.start_char)
    limit = starts[nearest] if nearest < len(starts) else len(doc_text(subject.doc))
    for token in subject.doc[subject.end : sentence.end]:
        if token.idx >= limit:
            return None
        gender = PRONOUN_GENDER.get(token.lower_) or _REFLEXIVE_GENDER.get(token.lower_)
        if gender and not covered(quoted, token.idx):
            return gender
    return None


_REFLEXIVE_GENDER = {"himself": "m", "herself": "f"}


def _common_words(doc: Doc) -> frozenset[str]:
    """Words the article writes in lower case and capitalises only to start a sentence
    ("Aides said …" / "the aides"; "Research suggests …" / "new research"): no one's name,
    however the NER or a sentence's first word makes them look. A name is capitalised
    inside sentences too ("said Bush")."""
    lower: set[str] = set()
    inside: set[str] = set()
    for token in doc:  # (one pass: a Token object costs more than the tests on it)
        text = token.text
        if text.isalpha() and text.islower():
            lower.add(text)
        elif text[:1].isupper() and not token.is_sent_start and not _after_opening(token):
            inside.add(token.lower_)
    return frozenset(word for word in lower if word not in inside)


def _after_opening(token: Token) -> bool:
    """Whether a token opens a clause the way a sentence does: after a quotation mark,
    a colon, a dash or a line break."""
    if token.i == 0:
        return True
    before = token.doc[token.i - 1]
    return before.text in ('"', "“", "‘", "'", ":", "—", "–", "-", "(") or "\n" in before.text or before.is_space


def _add_surname_mentions(doc: Doc, quoted: list[tuple[int, int]], people: ArticlePeople) -> None:
    """Surnames of the article's people that the NER left untagged or called something else
    ("Akin apologized", tagged an organisation), and untagged one-word names that are a
    verb's subject ("Trump issued an apology"): mentions too, so that a later "he" finds them."""
    known = {m.start for m in people.mentions}
    # (the words of a name found without the NER, "Trent Dolby", are that mention already)
    inside = {offset for m in people.mentions for offset in range(m.start + 1, m.end)}
    surnames = people.full_names.by_surname
    tagged_once = {fold(m.name) for m in people.mentions if len(m.name.split()) == 1} - people.not_person
    added = False
    for index in once_per_doc(doc, "untagged_proper_nouns", lambda: _untagged_proper_nouns(doc)):
        token = doc[index]
        if token.idx in known or token.idx in inside or covered(quoted, token.idx):
            continue
        if token.i + 1 < len(doc) and doc[token.i + 1].pos_ == "PROPN" and doc[token.i + 1].dep_ != "case":
            continue  # part of a longer name ("Akin Foundation")
        is_subject = _a_subject(token)
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
            # (a surname two people share: the one the sentence's pronoun says, if any)
            name = people.canonical(word, people.mention_gender(doc[token.i : token.i + 1]))
            if len(name.split()) < 2:
                continue
        elif is_subject and fold(word) in people.full_names.by_first and token.lower_ not in people.common:
            # a first name alone as a subject ("Megyn was incredulous"): the one person so named
            name = people.canonical(word)
            if len(name.split()) < 2:
                continue
        elif fold(word) in tagged_once:
            name = people.canonical(word)  # the NER called the same word a person elsewhere
        elif (
            is_subject
            and not token.ent_type_
            and token.head.pos_ == "VERB"
            and token.lower_ not in ROLE_WORDS
            and token.lower_ not in people.common
            and not (token.text.isupper() and len(token.text) > 2)  # a dateline ("COLUMBUS, Ohio —"), an acronym
        ):
            if any(c.dep_ in ("compound", "det", "amod") for c in token.children):
                continue
            name = people.canonical(token.text)
        else:
            continue
        people.mentions.append(PersonMention(start, token.idx + len(token), word, name, is_subject))
        added = True
    if added:
        people.mentions.sort(key=lambda m: m.start)


def _untagged_proper_nouns(doc: Doc) -> tuple[int, ...]:
    """Indices of the capitalised proper nouns the NER tagged no person (one vectorised pass)."""
    if not len(doc):
        return ()
    tags = doc.to_array([POS, ENT_TYPE])
    picked = np.flatnonzero((tags[:, 0] == PROPN) & (tags[:, 1] != doc.vocab.strings["PERSON"]))
    return tuple(int(i) for i in picked if doc[int(i)].text[:1].isupper())


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


def trimmed_name(ent: Span) -> Span:
    """A person's name without a sentence's first word the NER took in ("Following
    Romney's", "Added Ames") or a headline's verb it ran on into ("Howard Dean Tells
    Convention", "Donald Trump Denies Mocking Reporter") or a descriptor ("Passenger Mike
    Dorsey"), with a first name it left out before a middle initial."""
    start, end = ent.start, ent.end
    while end - start > 1 and (
        ent.doc[start].pos_ in ("VERB", "ADP", "ADV", "SCONJ", "DET", "PRON") or ent.doc[start].lower_ in REPORTING_FORMS
    ):
        start += 1  # (and "Added Ames": a fronted reporting verb)
    if end - start > 1 and ent.doc[start].lower_ in PERSON_DESCRIPTORS:
        start += 1  # "Passenger Mike Dorsey", "Resident Ana Ruiz": who they are, not their name
    verb = next((t.i for t in ent.doc[start + 1 : end] if t.text[:1].isupper() and t.lower_ in HEADLINE_VERB_FORMS), None)
    end = verb if verb is not None else end
    if start > 0 and end - start > 1 and _INITIAL.fullmatch(ent.doc[start].text):
        # "Representative Curtis J. Halvorsen" tagged "J. Halvorsen": the proper noun
        # before the initial, held by no entity and no title, is the first name
        before = ent.doc[start - 1]
        if before.is_alpha and before.is_title and before.pos_ == "PROPN" and not before.ent_type_ and not is_title(before.text):
            start -= 1
    return ent if (start, end) == (ent.start, ent.end) else Span(ent.doc, start, end, label=ent.label_)


_INITIAL = re.compile(r"[A-Z]\.")


# Labels the NER gives a person's rare name ("Teresa Vukovich" as a work of art).
_MISREAD_LABELS = frozenset(["ORG", "WORK_OF_ART", "PRODUCT", "EVENT", "LAW"])


def _person_tagged_organisation(ent: Span, lone_speakers: frozenset[str] = frozenset()) -> bool:
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
    if titled or role or lowered[0] in FEMALE_FIRST_NAMES or lowered[0] in MALE_FIRST_NAMES:
        return True
    # A given name the data knows ("Marcus Tillery") whose surname alone speaks elsewhere
    # ("Tillery told HuffPost", `lone_speakers`): a person; an organisation is not named by its last word.
    return lowered[0] in _first_names() and words[-1].text in lone_speakers


def _lone_speakers(doc: Doc) -> frozenset[str]:
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


def _place_words(ents: Sequence[Span]) -> set[str]:
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


def _with_first_name(ent: Span) -> Span:
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


def _organisation_words(ents: tuple[Span, ...], named: list[tuple[Span, Span]]) -> set[str]:
    """One-word "persons" that are a company's short name: the first word of a name the
    NER tags an organisation and that says it is a company ("Bluewater" of "Bluewater
    Harbor Lines"), when no person named in full or with a title has it as surname (a
    "Ford" with "Bill Ford" or "Mr. Ford" named is a person)."""
    words = {name.split()[0].casefold() for ent in ents if ent.label_ == "ORG" and names_a_company(name := clean_name(ent.text))}
    people = set()
    for _ent, span in named:
        name = clean_name(span.text)
        if name and (len(name.split()) >= 2 or name != span.text.strip()):
            people.add(name.split()[-1].casefold())
    return words - people


def _plausible_person(text: str, place_words: frozenset[str]) -> bool:
    """False for NER 'persons' that are places or institutions ("Aurora", "Aurora Police")."""
    words = [w.casefold() for w in clean_name(text).split()]
    if not words or any(w in INSTITUTION_WORDS for w in words):
        return False
    return not (len(words) == 1 and words[0] in place_words)


_ORG_NOUNS = ("department", "police", "office")


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


def _first_name_gender(name: str) -> str | None:
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
