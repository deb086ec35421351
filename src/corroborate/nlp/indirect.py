"""Indirect quotations: reported speech without quotation marks.

The shapes, each with its own rule name:

- `indirect.clause`: a speech verb with a complement clause ("Coffman said
  federal officials may have worked with nonprofits …"); content = the clause,
  without "that";
- `indirect.thought`: the same with a verb of thought, intention or finding
  ("officials believe …", "the report found …"), at a lower confidence, since it
  is an attribution but not speech;
- `indirect.according_to`: "according to X, …"; content = the rest of the sentence;
- `indirect.report`: "a Politico report that …", "a report in X that …": the named
  owner's report; content = the clause;
- `indirect.say_fallback`: "says men with guns control buildings …" where the
  parser found no clause: the rest of the sentence after a say-type verb.

A clause that overlaps a direct quotation is left to the quotation. A partial
quote inside reported speech is reported as `partial`, and the clause around it as
`indirect` too when the quoted words are less than half of it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np
from spacy.attrs import LEMMA, LOWER
from spacy.strings import hash_string  # type: ignore[attr-defined]  # compiled; spaCy's stubs omit it
from spacy.tokens import Doc, Token

from corroborate.ingest.outlets import OutletRegistry
from corroborate.ingest.zones import zone_at, zone_holding
from corroborate.model import Article, Quote, Speaker
from corroborate.nlp.cues import (
    NOT_CUE_DEPS,
    channel_of,
    cue_text,
    is_according_to,
    is_phrasal_speech,
    is_question_clause,
    subject_of,
)
from corroborate.nlp.lexicon import (
    DENIABLE_NOUNS,
    INTENTION_VERBS,
    OBJECT_REPORTING_VERBS,
    PHRASAL_REPORTING_VERBS,
    REPORTING_VERBS,
    SAY_LIKE_VERBS,
    SPEECH_NOUNS,
    STATEMENT_MEDIA,
    THOUGHT_VERBS,
)
from corroborate.nlp.names import FEMALE_WORDS, MALE_WORDS
from corroborate.nlp.people import ArticlePeople
from corroborate.nlp.rules import CONFIDENCE
from corroborate.nlp.sentences import sentence_of
from corroborate.nlp.spans import covered, overlapped
from corroborate.nlp.speakers import resolve_subject

_MIN_TOKENS = 3


@dataclass(frozen=True)
class _Found:
    cue: Token
    start: int  # content offsets
    end: int
    rule: str
    confidence: float
    subject: Token | None


def _part_of_words(tokens: list[Token]) -> bool:
    """Whether the last token, a punctuation mark, belongs to the words before it: a
    percent sign ("by 9%") or a bracket closing one the clause opened ("(R-Nev.)")."""
    last = tokens[-1].text
    return last == "%" or (last == ")" and any(t.text == "(" for t in tokens[:-1]))


def _trimmed(tokens: list[Token], need_verb: bool = True) -> tuple[int, int] | None:
    # The complementiser goes ("said that ..."); a condition's "if" stays with its clause.
    while tokens and ((tokens[0].dep_ == "mark" and tokens[0].lower_ != "if") or tokens[0].is_punct or tokens[0].is_space):
        tokens = tokens[1:]
    # A conjunction ending the clause joins the sentence's next predicate, which the
    # report does not hold ("said Sunday the talks should go on but declined to ...").
    while tokens and ((tokens[-1].is_punct and not _part_of_words(tokens)) or tokens[-1].is_space or tokens[-1].dep_ == "cc"):
        tokens = tokens[:-1]
    if len(tokens) < (_MIN_TOKENS if need_verb else 2) or (need_verb and not any(t.pos_ in ("VERB", "AUX") for t in tokens)):
        return None
    return tokens[0].idx, tokens[-1].idx + len(tokens[-1])


def _fronted_clause(verb: Token) -> Token | None:
    """A reported clause before its verb, set off by a comma: "…, Ortiz said." """
    clause = next((c for c in verb.children if c.dep_ == "ccomp" and c.i < verb.i), None)
    # "The president had invoked her, they said, but …": the parse hangs the verb on the clause
    parataxis = clause is None and verb.dep_ == "parataxis" and verb.head.i < verb.i
    if parataxis and any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children) and verb.left_edge.text in (",", "—", "–"):
        return verb.head
    if clause is None:
        return None
    between = verb.doc[clause.right_edge.i + 1 : verb.i]
    return clause if any(t.text in (",", "—", "–") for t in between) else None


def _called_for(verb: Token) -> Token | None:
    """ "called for an inquiry", "called on the board to …", "cited the audit": what was asked for or cited."""
    if verb.lemma_ == "cite":
        return next((c for c in verb.children if c.dep_ == "dobj"), None)
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("for", "on"):
            continue
        target = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if target is None or target.ent_type_ in ("DATE", "TIME"):
            continue  # "called on Monday" is a phone call, not a demand
        if prep.lower_ == "on" and not any(c.dep_ in ("xcomp", "advcl") for c in (*verb.children, *target.children)):
            continue  # "called on the board to resign" needs the "to …"
        return target
    return None


def _object_said(verb: Token) -> Token | None:
    """What a verb's object says was said: a noun phrase ("denied the allegations"), a
    gerund ("acknowledged receiving …") or an "about how …" clause ("testified about how he …");
    not a pronoun or a lone name ("thanked him", "described Ames"), nor a thing withheld
    (`_withholds`: "denied him a permit")."""
    if verb.dep_ == "xcomp" and verb.head.lemma_ in INTENTION_VERBS:
        return None  # "wants to deny the report": an intention, reported as one elsewhere
    if verb.dep_ in ("relcl", "acl"):
        return None  # "the page where he first described his plan": a detail of something else
    target = next(filter(None, map(_said_by, verb.children)), None)
    return None if target is None or _withholds(verb, target) else target


def _said_by(child: Token) -> Token | None:
    """The child of a reporting verb that can say what was said, else None."""
    verb = child.head
    if child.dep_ == "dobj" and child.pos_ in ("NOUN", "PROPN") and not _names_only(child):
        return child
    if child.dep_ == "xcomp" and child.tag_ == "VBG" and child.i == verb.i + 1:
        return child
    if child.dep_ == "prep" and child.lower_ == "about":
        return next((c for c in child.children if c.dep_ == "pcomp" and c.pos_ in ("VERB", "AUX")), None)
    return None


def _withholds(verb: Token, target: Token) -> bool:
    """ "Deny" in its sense of withholding, which reports no speech: a recipient ("denied
    him a permit", "denying poor families health care") or a thing no one asserts
    ("denied the request", "denied a hearing"); "denied the allegations", "denied any
    involvement" report a denial (`DENIABLE_NOUNS`)."""
    if verb.lemma_.casefold() != "deny":
        return False
    if any(child.dep_ == "dative" for child in verb.children):
        return True
    return target.pos_ in ("NOUN", "PROPN") and target.lower_ not in DENIABLE_NOUNS


def _names_only(noun: Token) -> bool:
    """A noun phrase that is a name and nothing more ("Tom Brandt"): whom, not what, was described."""
    return bool(noun.ent_type_) and all(t.ent_type_ == noun.ent_type_ for t in noun.subtree)


def _clause_of(verb: Token, deps: tuple[str, ...]) -> Token | None:
    return next((c for c in verb.children if c.dep_ in deps and c.i > verb.i), None)


def _participle_aside(clause: Token) -> bool:
    """A participle set off by a comma, with no subject of its own ("…, moving the city
    closer to a strike"): what the sentence's event does, which the parse may hang on a
    reporting verb as its clause; never what was said."""
    opening = clause.left_edge  # (the participle may head the clause or open its subject)
    before = opening.i - 1
    return (
        opening.tag_ == "VBG"
        and before >= 0
        and clause.doc[before].text == ","
        and not any(c.dep_ in ("nsubj", "nsubjpass", "mark") for c in opening.children)
    )


def _sentence_quoted(token: Token, quoted: list[tuple[int, int]]) -> bool:
    sentence = sentence_of(token)
    return overlapped(quoted, sentence.start_char, sentence.end_char)


def _that_clause(head: Token, deps: tuple[str, ...]) -> Token | None:
    """The first clause after `head` of one of `deps` opening with "that"."""
    return next(
        (
            c
            for c in head.children
            if c.dep_ in deps and c.i > head.i and any(t.dep_ == "mark" and t.lower_ == "that" for t in c.children)
        ),
        None,
    )


def _medium_clause(noun: Token) -> Token | None:
    """What was said "in a statement that …": a "that" clause the parse hangs on the medium,
    or on a participle after it ("in a written notice issued Thursday that …", "in a
    statement released Friday that …")."""
    clause = _that_clause(noun, ("acl", "ccomp", "relcl"))
    if clause is not None:
        return clause
    participles = (c for c in noun.children if c.dep_ == "acl" and c.tag_ == "VBN" and c.i > noun.i)
    return next((clause for p in participles if (clause := _that_clause(p, ("ccomp", "advcl"))) is not None), None)


def _statement_clause(verb: Token) -> Token | None:
    """ "said in a statement that …": the parser hangs the clause on the noun."""
    doc = verb.doc
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ in ("in", "on", "at"):
            for noun in prep.children:
                if noun.dep_ != "pobj":
                    continue
                if noun.lower_ in _REPORT_NOUNS and prep.lower_ != "in":
                    continue  # "pushed back on a report that …": the report's words, not the speaker's
                if noun.lower_ in STATEMENT_MEDIA and (reported := _medium_clause(noun)) is not None:
                    return reported
                clause = next((c for c in noun.children if c.dep_ in ("acl", "ccomp", "relcl") and c.i > noun.i), None)
                if clause is None:
                    continue
                # "announced on the Senate floor that Trump planned to sign …": a "that" clause with
                # its own subject right after where the words were said is what was said.
                opens = noun.i + 1 < len(doc) and doc[noun.i + 1].lower_ == "that" and clause.left_edge.i == noun.i + 1
                if opens and any(c.dep_ == "nsubj" and c.i > noun.i + 1 for c in clause.children):
                    return clause
    return None


# Nouns whose "that" clause is what someone else reported or claimed.
_REPORT_NOUNS = SPEECH_NOUNS | frozenset("report reports story stories article suggestion notion idea rumor rumors".split())
# An outlet's or a person's report, by a name before it or after "in", "by" or "from".
_REPORT_OWNER_PREPOSITIONS = frozenset(["in", "by", "from"])


def _beside_phrase(head: Token) -> tuple[int, int] | None:
    """What a sentence says beside an attribution phrase ("according to X", "by X's
    count"), before or after it, whichever is longer: the reported content."""
    phrase = sorted(head.subtree, key=lambda t: t.i)
    sentence = list(sentence_of(head))
    before = [t for t in sentence if t.i < phrase[0].i]
    after = [t for t in sentence if t.i > phrase[-1].i]
    return _trimmed(after if len(after) >= len(before) else before)


def _reckoner(by: Token) -> Token | None:
    """Whose reckoning "by X's count" opens or closes its sentence with (set off by a
    comma): X, the owner of the count ("By the alliance's count, …"; "…, by Ms. Lee's
    estimate.")."""
    if by.lower_ != "by" or by.dep_ != "prep":
        return None
    count = next((c for c in by.children if c.dep_ == "pobj" and c.lower_ in _RECKONINGS), None)
    if count is None:
        return None
    owner = next((c for c in count.children if c.dep_ == "poss" and c.lower_ not in ("its", "their", "my", "our")), None)
    if owner is None:
        return None
    doc, sentence = by.doc, sentence_of(by)
    last = max(t.i for t in by.subtree)
    opens = by.i == sentence.start or (by.i == sentence.start + 1 and doc[sentence.start].is_punct)
    set_off = (last + 1 < len(doc) and doc[last + 1].text == ",") if opens else doc[by.i - 1].text == ","
    return owner if set_off else None


def _owned_report(noun: Token, quoted: list[tuple[int, int]]) -> _Found | None:
    """ "a Politico report that donors pressed her", "a report in Politico on Friday that
    …": the clause is what the named owner reported."""
    if noun.lower_ not in ("report", "reports") or covered(quoted, noun.idx):
        return None
    clause = _that_clause(noun, ("acl", "ccomp", "relcl"))
    if clause is None:
        return None
    owner = next((c for c in noun.children if c.dep_ in ("compound", "poss") and c.ent_type_ in ("ORG", "PERSON")), None)
    if owner is None:
        pobjs = (
            pobj
            for prep in noun.children
            if prep.dep_ == "prep" and prep.lower_ in _REPORT_OWNER_PREPOSITIONS and prep.i < clause.i
            for pobj in prep.children
            if pobj.dep_ == "pobj" and pobj.ent_type_ in ("ORG", "PERSON")
        )
        owner = next(pobjs, None)
    if owner is None:
        return None
    span = _trimmed(sorted((t for t in clause.subtree if t.i > noun.i), key=lambda t: t.i))
    return _Found(noun, *span, "indirect.report", CONFIDENCE["indirect.report"], owner) if span else None


# Hashes of the lemmas (in any of the usual casings) a cue can have, for a vectorised first pass.
_CUE_LEMMAS = np.array(
    [
        hash_string(f(w))
        for w in sorted(REPORTING_VERBS | THOUGHT_VERBS | OBJECT_REPORTING_VERBS | {v for v, _ in PHRASAL_REPORTING_VERBS})
        for f in (str, str.capitalize, str.upper)
    ],
    dtype=np.uint64,
)


# Words a cue can be whatever its lemma (nouns get none): "according", "a Politico report".
_CUE_WORDS = np.array([hash_string(w) for w in ("according", "report", "reports", "by", "By")], dtype=np.uint64)
# "By the union's math, …", "by its own count": whose reckoning the sentence states.
_RECKONINGS = frozenset("count counts math arithmetic estimate estimates tally calculation calculations reckoning".split())


def _possible_cues(doc: Doc) -> Iterator[Token]:
    """The tokens that may be cues (a speech or thought lemma, "according" or "report"), found without a
    Python loop over every token of the article."""
    if not len(doc):
        return
    columns = doc.to_array([LEMMA, LOWER]).astype(np.uint64)
    mask = np.isin(columns[:, 0], _CUE_LEMMAS) | np.isin(columns[:, 1], _CUE_WORDS)
    for i in np.flatnonzero(mask):
        yield doc[int(i)]


def _candidates(doc: Doc, quoted: list[tuple[int, int]]) -> Iterator[_Found]:
    for token in _possible_cues(doc):
        lemma = token.lemma_.lower()
        if is_according_to(token):
            to = doc[token.i + 1]
            source = next((c for c in to.children if c.dep_ == "pobj"), None)
            span = _beside_phrase(token)
            if span and source is not None:
                yield _Found(token, *span, "indirect.according_to", CONFIDENCE["indirect.according_to"], source)
            continue
        if (reckoner := _reckoner(token)) is not None:
            # "By the union's math, the gap is $29 million": as "according to the union"
            span = _beside_phrase(token)
            if span and not covered(quoted, token.idx):
                yield _Found(token, *span, "indirect.according_to", CONFIDENCE["indirect.according_to"], reckoner)
            continue
        if token.pos_ == "NOUN" and (found := _owned_report(token, quoted)) is not None:
            yield found
            continue
        if token.pos_ not in ("VERB", "AUX") or token.dep_ in NOT_CUE_DEPS:
            continue
        speech = lemma in REPORTING_VERBS or is_phrasal_speech(token)
        thought = lemma in THOUGHT_VERBS
        if not (speech or thought or lemma in OBJECT_REPORTING_VERBS):
            continue
        if _conditional(token):
            continue  # ("If the committee finds that she was paid, the group wants …": no finding yet)
        deps = ("ccomp",) + (("xcomp",) if lemma in INTENTION_VERBS else ())
        clause = _clause_of(token, deps) or (_statement_clause(token) if speech else None)
        if clause is not None and _participle_aside(clause):
            clause = None  # ("…, their union announced Wednesday, moving the city closer to …": no report)
        fronted = _fronted_clause(token) if speech and clause is None else None
        if fronted is not None:
            # "The dock will reopen in May, Ortiz said."
            limit = token.left_edge.i if token.dep_ == "parataxis" and fronted.i == token.head.i else token.i
            span = _trimmed(sorted((t for t in fronted.subtree if t.i < limit), key=lambda t: t.i))
            if span:
                yield _Found(token, *span, "indirect.fronted", CONFIDENCE["indirect.fronted"], subject_of(token, quoted))
        elif lemma in ("call", "cite") and (target := _called_for(token)) is not None:
            span = _trimmed(sorted(target.subtree, key=lambda t: t.i), need_verb=False)
            if span:
                yield _Found(token, *span, "indirect.call_for", CONFIDENCE["indirect.call_for"], subject_of(token, quoted))
        elif clause is not None:
            if is_question_clause(clause):
                continue
            # Only the words after the verb: "which locals say has been taken" reports "has been taken".
            attribution = {t.i for a in clause.subtree if is_according_to(a) for t in a.subtree}
            tokens = sorted((t for t in clause.subtree if t.i > token.i and t.i not in attribution), key=lambda t: t.i)
            if tokens and tokens[0].lower_ == "that" and tokens[0].dep_ not in ("nsubj", "nsubjpass"):
                tokens = tokens[1:]  # ("that" the parse read as a relative pronoun)
            span = _trimmed(tokens)
            if span:
                rule = "indirect.clause" if speech else "indirect.thought"
                subject = subject_of(token, quoted)
                if not speech and subject is not None and subject.dep_ == "nsubjpass":
                    subject = None  # "Grimm was expected to be indicted": what others expect of him
                yield _Found(token, *span, rule, CONFIDENCE[rule], subject)
        elif lemma in SAY_LIKE_VERBS and token.tag_ in ("VBZ", "VBD", "VBP") and not _sentence_quoted(token, quoted):
            rest = [t for t in sentence_of(token) if t.i > token.i]
            if rest and rest[0].dep_ not in ("prep", "dative") and rest[0].lower_ not in ("to", "so", "it", "that"):
                span = _trimmed(rest)
                if span:
                    yield _Found(
                        token, *span, "indirect.say_fallback", CONFIDENCE["indirect.say_fallback"], subject_of(token, quoted)
                    )
        elif lemma in OBJECT_REPORTING_VERBS and (target := _object_said(token)) is not None:
            # "continued to deny the allegations", "acknowledged receiving $250,000"
            # (without a relative clause on the object: "…, which ranged from …" describes it
            # further); the report is the object, the verb its cue: a cue is never inside it
            aside = {t.i for c in target.children if c.dep_ == "relcl" for t in c.subtree}
            words = [t for t in target.subtree if t.i > token.i and t.i not in aside]
            span = _trimmed(sorted(words, key=lambda t: t.i), need_verb=False)
            if span and not _sentence_quoted(token, quoted):  # (a quotation's sentence: its cue reports it)
                yield _Found(token, *span, "indirect.object", CONFIDENCE["indirect.object"], subject_of(token, quoted))


def _conditional(verb: Token) -> bool:
    """Whether a cue opens a condition ("If the panel finds that …", "unless regulators
    conclude …"): what it would report has not been said."""
    return verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in verb.children)


def _within_paragraph(found: _Found, article: Article) -> _Found | None:
    """The content clipped to the cue's paragraph: a sentence the parser ran across a
    paragraph break must not carry a report into the next paragraph (or zone)."""
    zone = zone_holding(article.zones, found.cue.idx)
    if zone is None:
        return found
    start, end = max(found.start, zone.start), min(found.end, zone.end)
    text = article.text
    while start < end and text[start].isspace():
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ".,;:"):
        end -= 1
    if len(text[start:end].split()) < (3 if found.rule == "indirect.object" else _MIN_TOKENS):
        return None  # (an object of two words is mostly the thing described, "describing a congressman", not what was said)
    return found if (start, end) == (found.start, found.end) else replace(found, start=start, end=end)


def extract_indirect(
    doc: Doc,
    article: Article,
    people: ArticlePeople,
    quoted: list[tuple[int, int]],
    earlier_quotes: list[Quote],
    registry: OutletRegistry | None,
    first_number: int,
) -> list[Quote]:
    """Indirect quotations of one article, numbered from `first_number`.

    `quoted`: every quotation span (cues inside them are not reporting);
    `earlier_quotes`: the direct and partial quotes already found (their spans
    are not reported again, and they give the previous speaker for pronouns).
    """
    quotes: list[Quote] = []
    seen: set[tuple[int, int]] = set()
    number = first_number
    earlier = _EarlierQuotes(earlier_quotes)
    for candidate in _candidates(doc, quoted):
        if covered(quoted, candidate.cue.idx):
            continue  # a cue inside a quotation is the speaker's own words
        found = _within_paragraph(candidate, article)
        if found is None:
            continue
        overlapping = earlier.overlapping(found.start, found.end)
        # A partial quote is a fragment of the reported clause ("police information about
        # this 'alleged invasion' was largely fabricated"): the clause is reported too,
        # unless the quoted words are most of it.
        fragments = all(q.kind == "partial" for q in overlapping) and 2 * sum(
            min(q.end, found.end) - max(q.start, found.start) for q in overlapping
        ) < (found.end - found.start)
        reported = bool(overlapping) and not fragments
        if reported or (found.start, found.end) in seen:
            continue
        seen.add((found.start, found.end))
        previous = earlier.last_speaker_before(found.cue.idx)
        # (a report found before it and ending later is the previous speaker: "X said the
        # timeline was misleading. ..., he said ...")
        told = next((q for q in reversed(quotes) if q.speaker.name and q.end <= found.cue.idx), None)
        if told is not None and told.end > earlier.last_end_before(found.cue.idx):
            previous = told.speaker.name
        speaker, speaker_confidence = Speaker(), CONFIDENCE["unresolved"]
        if found.subject is not None:
            speaker, speaker_confidence, _ = resolve_subject(found.subject, people, previous)
            if found.subject.lower_ in _CONTINUING_PRONOUNS and (
                continued := _unnamed_speaker_continued(found.subject, [*earlier.quotes, *quotes], people, article.text)
            ):
                speaker = continued
        number += 1
        quotes.append(
            Quote(
                id=f"{article.id}:q{number}",
                article=article.id,
                kind="indirect",
                text=article.text[found.start : found.end],
                start=found.start,
                end=found.end,
                zone=zone_at(article.zones, found.start),
                speaker=speaker,
                cue=cue_text(found.cue),
                channel=channel_of(found.cue, registry),
                rule=found.rule,
                confidence=round(min(found.confidence, speaker_confidence), 3),
            )
        )

    quotes = _without_nested_reports(quotes)
    return _according_to_as_channel(quotes, registry)


# A pronoun's gender words ("she": "spokeswoman") by which it continues an unnamed speaker.
_CONTINUING_PRONOUNS = {"she": FEMALE_WORDS, "he": MALE_WORDS}


def _unnamed_speaker_continued(pronoun: Token, quotes: Sequence[Quote], people: ArticlePeople, text: str) -> Speaker | None:
    """The unnamed speaker a "she" or "he" continues: "... ," a spokeswoman for the office
    told HuffPost. She added that ...": the speaker of the latest quotation before it in
    its paragraph, when a description of the pronoun's gender names no one and no person
    of that gender is named between them."""
    words = _CONTINUING_PRONOUNS[pronoun.lower_]
    before = [q for q in quotes if q.end <= pronoun.idx and "\n" not in text[q.end : pronoun.idx]]
    if not before:
        return None
    last = max(before, key=lambda q: q.end)
    speaker = last.speaker
    if speaker.name or not speaker.description or not set(speaker.description.casefold().split()) & words:
        return None
    gender = "f" if pronoun.lower_ == "she" else "m"
    start = last.cue.start if last.cue else last.end
    if any(
        min(start, last.end) <= m.start < pronoun.idx and people.gender.get(m.name, gender) == gender for m in people.mentions
    ):
        return None
    return speaker


class _EarlierQuotes:
    """The direct and partial quotes found before the indirect ones, looked up by
    bisection (they do not overlap: each is inside one outermost quotation)."""

    def __init__(self, quotes: Sequence[Quote]) -> None:
        self.quotes = sorted(quotes, key=lambda q: (q.start, q.end))
        self.disjoint = all(a.end <= b.start for a, b in zip(self.quotes, self.quotes[1:], strict=False))
        self.starts = [q.start for q in self.quotes]
        self.ends = [q.end for q in self.quotes]
        named = sorted((q for q in quotes if q.speaker.name), key=lambda q: q.end)
        self.named_ends = [q.end for q in named]
        self.named = named

    def overlapping(self, start: int, end: int) -> list[Quote]:
        if not self.disjoint:
            return [q for q in self.quotes if start < q.end and q.start < end]
        return self.quotes[bisect_right(self.ends, start) : bisect_left(self.starts, end)]

    def last_end_before(self, position: int) -> int:
        """Where the named quote ending last at or before `position` ends (-1: none)."""
        count = bisect_right(self.named_ends, position)
        return self.named_ends[count - 1] if count else -1

    def last_speaker_before(self, position: int) -> str | None:
        """The speaker of the named quote ending last at or before `position`."""
        count = bisect_right(self.named_ends, position)
        return self.named[count - 1].speaker.name if count else None


def _without_nested_reports(quotes: list[Quote]) -> list[Quote]:
    """Drop a report inside another report by the same speaker ("he said he expected it
    to get worse": "it to get worse" is part of the outer report). One sweep per speaker."""
    nested: set[int] = set()
    by_speaker: dict[tuple[str | None, str | None], list[int]] = {}
    for index, quote in enumerate(quotes):
        by_speaker.setdefault((quote.speaker.name, quote.speaker.description), []).append(index)
    for indexes in by_speaker.values():
        ordered = sorted(indexes, key=lambda i: (quotes[i].start, -quotes[i].end, i))
        furthest = -1  # the largest end among the reports starting at or before this one
        for position, index in enumerate(ordered):
            quote = quotes[index]
            if position and furthest >= quote.end:
                nested.add(index)
            furthest = max(furthest, quote.end)
    return [quote for index, quote in enumerate(quotes) if index not in nested]


def _inside_its_statement(outer: Quote, inner: list[Quote]) -> bool:
    """Whether the reports inside an "according to" report are a detail of what it states,
    not what it states: "According to the Gazette, Ashby sat in on a meeting where Marlow
    urged regulators to delay the rule" is the Gazette's; the cues and words of the
    reports inside cover less than half of it."""
    held = sum(min(q.end, outer.end) - max(min(q.start, q.cue.start if q.cue else q.start), outer.start) for q in inner)
    return 2 * held < outer.end - outer.start


def _according_to_as_channel(quotes: list[Quote], registry: OutletRegistry | None) -> list[Quote]:
    """ "The company denied that …, according to KMBK": the company speaks; KMBK is the
    channel the words came through, not a second speaker."""
    dropped: set[str] = set()
    channels: dict[str, str | None] = {}
    speakers: dict[str, Speaker] = {}
    # Quotes by the start of their cue, so each report's inner quotes are found by bisection
    # (a scan of every quote for every "according to" was quadratic in the article).
    by_cue = sorted((q.cue.start, index) for index, q in enumerate(quotes) if q.cue)
    cue_starts = [start for start, _ in by_cue]
    for outer in quotes:
        if outer.rule != "indirect.according_to":
            continue
        window = by_cue[bisect_left(cue_starts, outer.start) : bisect_left(cue_starts, outer.end)]
        inner = [quotes[index] for _, index in sorted(window, key=lambda item: item[1]) if quotes[index] is not outer]
        if not inner or _inside_its_statement(outer, inner):
            continue
        if all(q.rule == "indirect.thought" and not q.speaker.name for q in inner):
            # "According to Reyes, the log shows no guard checked": what a record shows is
            # no one's statement; Reyes says what it shows.
            dropped.add(outer.id)
            speakers.update({q.id: outer.speaker for q in inner})
            continue
        source = outer.speaker.name or (outer.speaker.mention.text if outer.speaker.mention else None)
        outlet = registry.resolve(source) if registry is not None and source else None
        channel = outlet.name if outlet else source
        dropped.add(outer.id)
        channels.update({q.id: channel for q in inner if q.channel is None})
    quotes = [
        q.model_copy(update={"speaker": speakers[q.id], "rule": "indirect.according_to"}) if q.id in speakers else q
        for q in quotes
    ]
    return [q.model_copy(update={"channel": channels[q.id]}) if q.id in channels else q for q in quotes if q.id not in dropped]
