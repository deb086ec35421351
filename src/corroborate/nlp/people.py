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
from dataclasses import dataclass, field
from functools import cached_property

from spacy.tokens import Doc, Span, Token

from corroborate.nlp.lexicon import REPORTING_VERBS
from corroborate.nlp.names import (
    FEMALE_WORDS,
    MALE_WORDS,
    PRONOUN_GENDER,
    ROLE_WORDS,
    FullNames,
    clean_name,
    fold,
    name_key,
)
from corroborate.nlp.person_names import (
    MISREAD_LABELS,
    adverbial_name,
    chunks_headed_by,
    company_named,
    first_name_gender,
    lone_speakers,
    organisation_words,
    person_tagged_organisation,
    place_words,
    plausible_person,
    titled_names,
    trimmed_name,
    untagged_proper_nouns,
    untagged_title_nouns,
    with_first_name,
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
    companies: frozenset[str] = frozenset()  # names in `orgs` the NER took for persons' ("X, the publisher,")
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


def gender_of(words: list[str]) -> str | None:
    """The gender words tell ("spokeswoman", "Mrs.", "father"), or None."""
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
_ORG_NOUNS = ("department", "police", "office")


def index_people(doc: Doc, quoted: list[tuple[int, int]]) -> ArticlePeople:
    """Index the people (and organisations) named outside quotations in one article."""
    people = ArticlePeople(quoted=quoted)
    ents = tuple(doc.ents)  # spaCy builds every entity's Span on each `doc.ents`: once here
    # (what does not depend on `quoted` is read once per Doc: quotes and claims both index)
    places = once_per_doc(doc, "place_words", lambda: frozenset(place_words(ents)))
    named = [(ent, trimmed_name(ent)) for ent in ents if ent.label_ == "PERSON"]
    common = people.common = once_per_doc(doc, "common_words", lambda: _common_words(doc))
    # A name the parse once misreads as a time adverb is still a name where it is read
    # as one elsewhere ("Mr. Tolliver, his wife and four aides stayed on").
    adverbial = {clean_name(name.text).casefold() for ent, name in named if adverbial_name(ent)}
    adverbial -= {clean_name(name.text).casefold() for ent, name in named if not adverbial_name(ent)}
    excluded = common | adverbial | organisation_words(ents, named)
    apposed = {ent.start_char for ent in ents if company_named(ent)}  # (persons' names that are companies')
    people.not_person = {
        clean_name(name.text).casefold()
        for ent, name in named
        if not plausible_person(name.text, places) or clean_name(name.text).casefold() in excluded or ent.start_char in apposed
    }
    persons = [
        name
        for ent, name in named
        if not _inside_any(quoted, ent.start_char) and clean_name(name.text).casefold() not in people.not_person
    ]
    persons += [span for span in titled_names(doc) if not _inside_any(quoted, span.start_char)]
    lone_subjects = once_per_doc(doc, "lone_speakers", lambda: lone_speakers(doc))
    misread = [
        ent
        for ent in map(with_first_name, ents)
        if ent.label_ in MISREAD_LABELS
        and not _inside_any(quoted, ent.start_char)
        and person_tagged_organisation(ent, lone_subjects)
    ]
    persons += misread
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
        gender = gender_of(words) or first_name_gender(canon)
        if gender:
            people.gender.setdefault(canon, gender)
    _resolve_titled_surnames(doc, people)
    _add_surname_mentions(doc, quoted, people)
    org_names = {
        re.sub(r"^the\s+", "", ent.text.casefold()): re.sub(r"^[Tt]he\s+", "", ent.text) for ent in ents if ent.label_ == "ORG"
    }
    surnames = people.full_names.by_surname
    misread_ends = {ent.end_char for ent in misread}  # ("its president, Dirk Vandermoss," tagged ORG: a person)
    people.orgs = [
        (ent.start_char, name)
        for ent in ents
        if (ent.label_ == "ORG" or ent.start_char in apposed)
        and not _inside_any(quoted, ent.start_char)
        and not (fold(name := clean_name(ent.text)) in surnames and len(name.split()) == 1)  # ("Halvey", tagged ORG)
        and ent.end_char not in misread_ends
    ]
    people.companies = frozenset(org for start, org in people.orgs if start in apposed)
    for chunk in once_per_doc(doc, "office_chunks", lambda: tuple(chunks_headed_by(doc, _ORG_NOUNS))):
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
    return gender_of([w for w in words if w in _COURTESY_TITLES])


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
    # (and a surname the tagger read as a common noun, "Feldkamp rejected that.": as a surname only)
    titled = once_per_doc(doc, "untagged_title_nouns", lambda: untagged_title_nouns(doc))
    nouns = [i for i in titled if fold(doc[i].text) in surnames] if surnames else []
    for index in sorted((*once_per_doc(doc, "untagged_proper_nouns", lambda: untagged_proper_nouns(doc)), *nouns)):
        token = doc[index]
        if token.idx in known or token.idx in inside or covered(quoted, token.idx):
            continue
        if token.pos_ == "NOUN" and (token.i + 1 == len(doc) or doc[token.i + 1].pos_ in ("PROPN", "NOUN")):
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
