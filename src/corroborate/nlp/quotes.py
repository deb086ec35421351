"""Direct and partial quotations with their speakers, cues and channels (rule-based).

Reads a parsed spaCy Doc and yields `Quote` records. For each paragraph the
quotation marks are paired (`quotemarks`), then each quotation is attributed:

1. a reporting verb outside the quotation, in the sentence that holds it (or the
   sentence right after it), gives the cue; its subject gives the speaker;
2. a quotation paragraph with no cue continues the speaker of the previous
   quotation paragraph (captions and update stamps in between are skipped);
3. otherwise `“…” — Name`, `Name: “…”`, a transcript line, a "X wrote:" paragraph
   before it, or the previous quotation paragraph gives the speaker; failing all,
   the speaker stays unknown, at a lower confidence.

Indirect quotations come from `indirect`; speakers are resolved by `speakers`.

A quoted fragment inside a sentence with no reporting verb is a scare quote or a
title, not speech, and is not reported. Unpaired marks lower the confidence and
add a warning; they never abort the article.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from corroborate.ingest.outlets import OutletRegistry
from corroborate.ingest.zones import paragraphs, zone_at
from corroborate.model import Article, Notice, Quote, Speaker, TextSpan
from corroborate.nlp.cues import (
    according_to_in,
    channel_of,
    cue_text,
    is_according_to,
    is_speech_cue,
    owned_speech_noun,
    subject_of,
)
from corroborate.nlp.indirect import extract_indirect
from corroborate.nlp.lexicon import JUDGEMENT_VERBS, SPEAKING_NOUNS, TAG_VERBS, THOUGHT_VERBS
from corroborate.nlp.names import MASTHEAD_WORDS, PRONOUN_GENDER, ROLE_WORDS, clean_name
from corroborate.nlp.people import PRONOUNS, ArticlePeople, PersonMention, index_people
from corroborate.nlp.person_names import entity_span
from corroborate.nlp.quotemarks import QuoteSpan, find_quote_spans, trim_span
from corroborate.nlp.rules import CONFIDENCE, UNPAIRED_FACTOR
from corroborate.nlp.sentences import across_lines, sentence_of
from corroborate.nlp.spans import SpanIndex, covered
from corroborate.nlp.speakers import resolve_subject
from corroborate.settings import DEFAULT_MAX_QUOTES_PER_ARTICLE


@dataclass
class QuoteExtraction:
    quotes: list[Quote] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    roles: dict[str, list[str]] = field(default_factory=dict)  # canonical name -> role texts in this article
    # The article's people as the speaker rules found them, surnames the NER missed
    # included ("Whitcombe shot back ..."), for `nlp.entities.untagged_people`.
    people: list[PersonMention] = field(default_factory=list)


@dataclass(frozen=True)
class _Attribution:
    speaker: Speaker
    cue: TextSpan | None
    channel: str | None
    rule: str
    confidence: float


def _named_by(speaker: Speaker, rule: str) -> _Attribution:
    """An attribution with no cue: `rule` named the speaker."""
    return _Attribution(speaker, None, None, rule, CONFIDENCE[rule])


def _inside(spans: SpanIndex, start: int, end: int) -> bool:
    """[start, end) lies inside one of the paragraph's quotations (their marks included)."""
    return spans.contains(start, end)


_SENTENCE_INSIDE = re.compile(r"[.!?,;…]$|[.!?]\s")


def _attribute_without_cue(
    doc: Doc,
    text: str,
    span: QuoteSpan,
    para: tuple[int, int],
    people: ArticlePeople,
    para_speaker: Speaker | None,
    continuing: Speaker | None,
    lead_in: Token | None,
    registry: OutletRegistry | None,
    quoted: list[tuple[int, int]],
) -> _Attribution:
    """A quotation with no cue of its own, in order of evidence:
    `“…” — Name` or `Name: “…”`; the speaker named earlier in the same paragraph;
    a "Caddell wrote:" paragraph just before; the previous quotation paragraph's speaker."""
    named = (
        _dash_or_colon_speaker(text, para, span, people)
        or _transcript_speaker(text, span, people)
        or _name_before_colon(doc, text, span, para, people, quoted)
    )
    if named is not None:
        return _named_by(named, "direct.name_mark")
    if para_speaker is not None:
        return _named_by(para_speaker, "direct.same_paragraph")
    if lead_in is not None:
        found = _attribute(doc, lead_in, people, continuing.name if continuing else None, registry, quoted)
        if found is not None:
            return _Attribution(
                found.speaker, found.cue, found.channel, "direct.lead_in", min(found.confidence, CONFIDENCE["direct.lead_in"])
            )
    if continuing is not None:
        return _named_by(continuing, "direct.continuation")
    subject = _previous_sentence_subject(doc, span, para, quoted)
    if subject is not None:
        speaker, _, _ = resolve_subject(subject, people, subject.text)
        return _named_by(speaker, "direct.previous_sentence")
    return _named_by(Speaker(), "direct.no_cue")


# Words after which an organisation's name before a colon is whom the words are from.
_FROM_WORDS = frozenset(["-", "–", "—", "from", "by"])


def _name_before_colon(
    doc: Doc, text: str, span: QuoteSpan, para: tuple[int, int], people: ArticlePeople, quoted: list[tuple[int, int]]
) -> Speaker | None:
    """A name right before the colon that opens a quotation, with no verb of speech:
    "… does not surprise pollster Dana Shaw: “…”", "More from Jones: “…”", "HEADLINE - Pew
    Research: “…”". A person's name, or an organisation's after a dash, "from" or "by"."""
    lead = text[para[0] : max(para[0], span.start - 1)].rstrip()
    if not lead.endswith(":"):
        return None
    colon = doc.char_span(para[0] + len(lead) - 1, para[0] + len(lead), alignment_mode="expand")
    if colon is None or colon.start == 0:
        return None
    last = doc[colon.start - 1]
    if covered(quoted, last.idx) or last.idx < para[0]:
        return None
    ent = entity_span(last, ("PERSON", "ORG"))
    if ent is not None and ent.end != last.i + 1:
        return None
    if ent is None and not (last.pos_ == "PROPN" and not last.ent_type_ and last.text[:1].isupper() and not last.is_upper):
        return None
    if ent is not None and ent.label_ == "ORG":
        before = doc[ent.start - 1] if ent.start else None
        if before is not None and before.lower_ not in _FROM_WORDS and not (before.is_space and "\n" in before.text):
            return None
    speaker, _, _ = resolve_subject(last, people, None)
    return speaker if speaker.name else None


def _previous_sentence_subject(doc: Doc, span: QuoteSpan, para: tuple[int, int], quoted: list[tuple[int, int]]) -> Token | None:
    """A quotation opening a sentence right after one about a person, in the same paragraph:
    "Sen. Ames named fatigue as the reason. “People are tired of it.”" — that person."""
    first = doc.char_span(span.start, max(span.start + 1, span.end), alignment_mode="expand")
    if first is None:
        return None
    sentence = sentence_of(first[0])
    if sentence.start == 0 or sentence.start_char < para[0]:
        return None
    if any(not (t.is_punct or t.is_space) for t in doc[sentence.start : first.start]):
        return None  # the quotation sits inside a sentence of its own ("All this led Ames to fear a “…”")
    before = doc[sentence.start - 1]
    while before.i > 0 and before.is_space:
        before = doc[before.i - 1]
    root = sentence_of(before).root  # (that sentence may begin with the last paragraph's mark)
    subject = next((c for c in root.children if c.dep_ == "nsubj" and not covered(quoted, c.idx)), None)
    if subject is None or not _speaking_subject(root, subject):
        return None
    # A quotation paragraph after a paragraph about a person ("Valastro praised the governor's
    # leadership.⏎⏎“We need someone …”") is theirs, as one after a sentence of its own paragraph.
    named = subject.ent_type_ == "PERSON" or (subject.idx < para[0] and subject.lower_ in ("he", "she"))
    if not named or (subject.idx < para[0] and sentence.start_char > para[0] + 1):
        return None
    return subject


def _previous_sentence(doc: Doc, quote: Span, para: tuple[int, int]) -> list[Span]:
    """The sentence before a quotation that opens a sentence, in the same paragraph:
    "…, Schiff said. “The other factor …”" (searched last, after the quotation's own)."""
    sentence = sentence_of(quote[0])
    if sentence.start == 0 or sentence.start_char < para[0]:
        return []
    before = sentence_of(doc[sentence.start - 1])
    return [before] if before.start_char >= para[0] else []


_TRANSCRIPT_NAME = re.compile(r"([A-Z][A-Z.'’-]+(?: [A-Z][A-Z.'’-]+){0,2}):\s")


def _lead_in_cue(doc: Doc, text: str, para: tuple[int, int], quoted: list[tuple[int, int]]) -> Token | None:
    """The reporting verb of a paragraph that ends with a colon, introducing the next one."""
    if not text[para[0] : para[1]].rstrip().endswith(":"):
        return None
    last = doc.char_span(para[1] - 1, para[1], alignment_mode="expand")
    if last is None:
        return None
    sentence = sentence_of(last[0])
    for token in reversed(list(sentence)):
        if token.idx >= para[0] and is_speech_cue(token) and not covered(quoted, token.idx):
            return token
    # "President Clinton released the following statement:", "He then listed the qualities …:":
    # no verb of speech, but a person introduces what follows.
    root = sentence.root
    subject = next((c for c in root.children if c.dep_ == "nsubj" and not covered(quoted, c.idx)), None)
    if root.pos_ == "VERB" and root.idx >= para[0] and subject is not None and _speaking_subject(root, subject):
        return root
    return None


def _tag_cue(verb: Token, tokens: Span) -> bool:
    """A verb that is no speech verb elsewhere but is the quotation's cue as its tag: a verb
    of thought or demand ("“Why now?” Keller demanded.", "“Will he run?” a staffer in the
    room wondered."), a tag verb after "?" or "!" ("“And the 11 million?” Hannity
    pressed."), or any verb with its subject after it (`_inverted_tag`)."""
    if verb.pos_ != "VERB":
        return False
    if verb.lemma_ in THOUGHT_VERBS and tokens.end <= verb.i <= tokens.end + 3:
        return any(c.dep_ == "nsubj" and c.i >= tokens.end for c in verb.children)
    if _inverted_tag(verb, tokens):
        return True
    return (verb.lemma_ in THOUGHT_VERBS or verb.lemma_ in TAG_VERBS) and _tag_of(verb, tokens)


def _inverted_tag(verb: Token, tokens: Span) -> bool:
    """A verb right after a quotation ending in ",", "?" or "!", its subject after it: "“…,”
    remembered Roy Vance, the port's former spokesman". News puts a subject after its verb
    only in such a tag, whatever the verb."""
    if verb.i < tokens.end or verb.tag_ not in ("VBD", "VBZ"):
        return False
    if not all(t.is_punct or t.is_space for t in verb.doc[tokens.end : verb.i]):
        return False
    if _last_mark(tokens) not in (",", "?", "!"):
        return False
    return any(c.dep_ == "nsubj" and c.i > verb.i and c.pos_ in ("PROPN", "NOUN") for c in verb.children)


def _last_mark(tokens: Span) -> str | None:
    """The last word or mark of a quotation before its closing quotation mark."""
    last = next((t for t in reversed(tokens) if not t.is_quote and not t.is_space), None)
    return last.text if last is not None else None


def _ends_open(tokens: Span) -> bool:
    """The quotation ends in "?" or "!" before its closing mark, after which the parse often
    ends the sentence and splits a tag from it (after a comma it keeps them together, and
    an appositive may follow: "“Deep Throat,” a name borrowed from …, assumed …")."""
    return _last_mark(tokens) in ("?", "!")


def _tag_of(verb: Token, tokens: Span) -> bool:
    """The verb follows the quotation with nothing but its subject between ("“…?” a staffer
    in the room wondered"): the tag of that quotation, even where the parse, after a "?"
    or "!", ends the sentence before it."""
    if verb.i < tokens.end or not _ends_open(tokens):
        return False
    subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.i >= tokens.end), None)
    if subject is None:
        return False
    between = verb.doc[tokens.end : verb.i]
    return all(t.is_punct or t.is_space or subject.left_edge.i <= t.i <= subject.right_edge.i for t in between)


def _governing_cue(doc: Doc, tokens: Span) -> Token | None:
    """The reporting verb the quotation hangs from in the parse ("'…,' she said": ccomp of said)."""
    for token in tokens:
        if tokens.start <= token.head.i < tokens.end:
            continue
        head, child = token.head, token
        for _ in range(3):
            if head.i >= tokens.start and head.i < tokens.end:
                break
            if owned_speech_noun(head) and _describes(child):
                # "Ames called Vale's remarks “racist”", "Vale's “divisive” comments": words
                # about the remarks are whoever judges them, not the remarks' words.
                judge = head.head
                if head.dep_ in ("dobj", "oprd", "nsubjpass") and (is_speech_cue(judge) or _judging(judge)):
                    return judge
            elif is_speech_cue(head) or owned_speech_noun(head) or _tag_cue(head, tokens) or _accusing(head, child):
                return head
            if head.head.i == head.i:
                break
            head, child = head.head, head
    return None


def _accusing(verb: Token, child: Token) -> bool:
    """An accusation's words: "accused her of “pandering for a plaque”" (the accuser's)."""
    return verb.pos_ == "VERB" and verb.lemma_.lower() == "accuse" and child.dep_ == "prep" and child.lower_ == "of"


def _describes(child: Token) -> bool:
    """The word by which a quotation hangs from a noun of speech describes the words
    (an adjective, a phrase about something) rather than giving them (a "that" clause, an
    apposition, "of", a compound: "his claim that …", "his “#wordsmatter” pledge")."""
    return child.dep_ in ("amod", "advmod") or (child.dep_ == "prep" and child.lower_ != "of")


def _judging(verb: Token) -> bool:
    return verb.pos_ == "VERB" and verb.lemma_.lower() in JUDGEMENT_VERBS


def _find_cue(
    doc: Doc, text: str, quote: QuoteSpan, para: tuple[int, int], quoted: SpanIndex, continued: bool = False
) -> Token | None:
    """The reporting verb of a quotation: the one it hangs from in the parse, else the
    nearest one outside any quotation in its sentence or the next (not the next when the
    quotation `continued` an earlier one of its paragraph that has a speaker: "“…?” Obama
    asked. “…?” Several Republican leaders, including …, said": the next is another's)."""
    first = doc.char_span(quote.start, max(quote.start + 1, quote.end), alignment_mode="expand")
    if first is None:
        return None
    after = sentence_of(first[-1]).end

    def reports_its_own(verb: Token) -> bool:
        return verb.i >= after and _reports_own_clause(verb, quoted)

    governing = _governing_cue(doc, first)
    if (
        governing is not None
        and para[0] <= governing.idx < para[1]
        and not _inside(quoted, governing.idx, governing.idx + 1)
        and not reports_its_own(governing)
    ):
        return governing
    colon = _colon_clause_verb(doc, text, quote, para, quoted)
    if colon is not None:
        return colon
    clause = _clause_verb(first, para, quoted)
    if clause is not None and reports_its_own(clause):
        clause = None
    sentences: list[Span] = []
    for token in (first[0], first[-1]):
        if sentence_of(token) not in sentences:
            sentences.append(sentence_of(token))
    # (a quotation ending "?" or "!" may run on into its cue: "“…, who knows?” Trump told ITV")
    ends_sentence = text[quote.start : quote.end].rstrip().endswith(".")
    following = (
        after < len(doc) and doc[after].idx < para[1] and not (continued and ends_sentence and _opens_sentence(doc, first))
    )
    if following:
        sentences.append(sentence_of(doc[after]))
    best: tuple[int, int, Token] | None = None
    near = False  # a reporting verb nearby, even one reporting its own clause
    own = set(sentences[: len(sentences) - (1 if following else 0)])
    before = _previous_sentence(doc, first, para)
    for sentence in sentences + before:
        rank = 0 if sentence in own else 1  # a cue in the quotation's own sentence beats a nearer one beside it
        for token in sentence:
            if not (para[0] <= token.idx < para[1]) or _inside(quoted, token.idx, token.idx + len(token)):
                continue
            if sentence in before and token.lower_ == "according":
                continue  # ("…,” Pruitt says, according to a transcript. “…”": the transcript is where, not who)
            if (is_speech_cue(token) or _tag_cue(token, first)) and not any(c.dep_ == "neg" for c in token.children):
                # ("He did not suggest retaliation." reports no words.)
                near = True
                if reports_its_own(token):
                    continue
                distance = min(abs(token.idx - quote.start), abs(token.idx - quote.end))
                if rank and token.i >= first.end and _tag_of(token, first):
                    distance = 0  # its tag, split off by the parse ("“…?” Hannity pressed.")
                if _relative_aside(token, quote) or _adverbial_aside(token, quote):
                    distance += len(text)  # (after any cue of the same rank that is not one)
                if best is None or (rank, distance) < best[:2]:
                    best = (rank, distance, token)
    if clause is not None and near:
        # Only re-ranks: a fragment with no reporting verb anywhere near stays a scare quote.
        return best[2] if best is not None and _reports_pronoun_clause(best[2], clause) else clause
    if clause is not None and _judged_or_described(clause, first):
        return clause  # "Ames blasted “…”", "defended it as “…”", "gave it, in an interview, a “…”"
    return best[2] if best else None


_PERSON_PRONOUNS = frozenset(["he", "she", "they", "i", "we"])


def _reports_own_clause(verb: Token, quoted: SpanIndex) -> bool:
    """The verb reports a clause of its own after it, outside any quotation ("Pigeon
    said police spent two hours …"): in a sentence after a quotation it is no cue of
    that quotation, which goes on the earlier speaker's words."""
    return any(c.dep_ == "ccomp" and c.i > verb.i and not _inside(quoted, c.idx, c.idx + len(c)) for c in verb.children)


def _opens_sentence(doc: Doc, quote: Span) -> bool:
    """The quotation is a sentence of its own: nothing but marks before it, or after it, in its sentence."""
    sentence = sentence_of(quote[0])
    before = doc[sentence.start : quote.start]
    after = doc[quote.end : sentence_of(quote[-1]).end]
    return all(t.is_punct or t.is_space for t in before) and all(t.is_punct or t.is_space for t in after)


def _relative_aside(cue: Token, quote: QuoteSpan) -> bool:
    """A cue in a relative clause that does not hold the quotation: "“…,” said Capt. Ames, who
    said he would not vote. “…”", "asked Manafort, referring to what he calls the “crooked”
    process. “…”": the aside reports its own words, not the quotation's."""
    if not _in_relative_clause(cue):
        return False
    start, end = cue.left_edge.idx, cue.right_edge.idx + len(cue.right_edge)
    return not (start <= quote.start and quote.end <= end)


# Subordinators of a clause that tells when or why, not what was said.
_ADVERBIAL_MARKS = frozenset("after before when while as since because until once".split())


def _adverbial_aside(cue: Token, quote: QuoteSpan) -> bool:
    """A cue heading a clause of time or cause under another cue, that does not hold the
    quotation: "“…,” Ruiz assured Cole, after Cole assured Ruiz that … “I will not let you
    down.”": the words are the main clause's speaker's, the aside reports its own."""
    if cue.dep_ != "advcl" or not is_speech_cue(cue.head):
        return False
    if not any(c.dep_ == "mark" and c.lower_ in _ADVERBIAL_MARKS for c in cue.children):
        return False
    start, end = cue.left_edge.idx, cue.right_edge.idx + len(cue.right_edge)
    return not (start <= quote.start and quote.end <= end)


def _in_relative_clause(verb: Token) -> bool:
    """A verb of a relative clause ("Ames, who said …", "the man whom he described as …"), or
    the infinitive of one ("a term Ruiz has used to describe the board"), or a free relative
    ("what he calls the “crooked” process"): an aside on something else."""
    for _ in range(3):
        if verb.dep_ == "relcl" or any(
            c.tag_ in ("WP", "WDT") and c.dep_ in ("dobj", "nsubj", "nsubjpass", "oprd") for c in verb.children
        ):
            return True
        if verb.dep_ != "xcomp" or verb.head == verb:
            return False
        verb = verb.head
    return False


# Nouns of the occasions on which words are given: "in an interview", "in a statement".
_OCCASION_NOUNS = frozenset(
    "interview interviews statement statements speech speeches remarks letter email e-mail post tweet tweets "
    "video broadcast podcast conversation call briefing hearing testimony appearance address op-ed column".split()
)


def _judged_or_described(verb: Token, quoted: Span) -> bool:
    """Whether the verb of the clause a quotation sits in gives words although no verb of
    speech: a verb of judgement ("they blasted “…”"), a description by "as" ("defended the
    decision as “…”", "referred to her as a “…”"), or words given on an occasion the clause
    names ("gave, in an interview with the paper, a “…”")."""
    if verb.pos_ != "VERB":
        return False
    if verb.lemma_.lower() in JUDGEMENT_VERBS:
        return True
    for child in verb.children:
        if child.dep_ != "prep":
            continue
        if child.lower_ == "as" and child.i < quoted.start and child.right_edge.i >= quoted.start:
            return any(c.dep_ in ("dobj", "prep") and c.i < child.i for c in verb.children)
        if child.lower_ in ("in", "during") and any(c.dep_ == "pobj" and c.lower_ in _OCCASION_NOUNS for c in child.children):
            return True
    return False


def _reports_pronoun_clause(cue: Token, clause: Token) -> bool:
    """A speech verb before a clause whose subject is a pronoun, in one sentence, the verb's own
    subject no pronoun: "after Trump told the paper he was “not there yet”" (the parse hung
    "told" under "was"): the clause is what was told, the speaker the teller."""
    subject = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.lower_ not in _PERSON_PRONOUNS or not cue.i < subject.i < clause.i + 1:
        return False
    if cue.lower_ == "according" or sentence_of(cue) != sentence_of(clause):
        return False
    own = next((c for c in cue.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return own is not None and own.lower_ not in PRONOUNS and own.i < cue.i


def _clause_verb(tokens: Span, para: tuple[int, int], quoted: SpanIndex) -> Token | None:
    """The verb of the clause a quotation sits in, when a person is its subject:
    "Ames dismissed the plan as “a fantasy”", "Okafor has been pounding the mayor as a
    “con artist”". The quoted words are that person's, whatever cue stands elsewhere."""
    for token in tokens:
        if tokens.start <= token.head.i < tokens.end:
            continue
        head = token.head
        for _ in range(5):
            if tokens.start <= head.i < tokens.end or not (para[0] <= head.idx < para[1]):
                break
            if owned_speech_noun(head):
                return head  # "the paper checked the mayor's claim that there were “thousands …”"
            if head.pos_ in ("VERB", "AUX"):
                subjects = [c for c in head.children if c.dep_ == "nsubj" and not _inside(quoted, c.idx, c.idx + 1)]
                if subjects:
                    return head if _speaking_subject(head, subjects[0]) and not _reported_aside(head, quoted) else None
            if head.head.i == head.i:
                break
            head = head.head
        return None
    return None


def _speaking_subject(verb: Token, subject: Token, floor: int = 0) -> bool:
    """`subject` (of `verb`) names who speaks: a person, an organisation or a personal pronoun,
    in a clause that no speech verb or "according to" reports ("said that she had shown …").
    `floor`: where the paragraph starts (a verb above it is a parse run on from the one before)."""
    personal = subject.ent_type_ in ("PERSON", "ORG") or subject.lower_ in _PERSON_PRONOUNS or subject.lower_ in ROLE_WORDS
    above = [a for a in verb.ancestors if a.idx >= floor]
    reported = any(is_speech_cue(a) for a in above) or any(is_according_to(c) for a in (verb, *above) for c in a.children)
    return personal and not reported


def _reported_aside(verb: Token, quoted: SpanIndex) -> bool:
    """A speech verb with a subject of its own set in the clause between commas, outside any
    quotation ("Reyes, Park said, had been in the Senate for “a thousand years”"; the parse
    hangs it as a parataxis): the aside reports the clause around it."""
    return any(
        c.dep_ == "parataxis"
        and is_speech_cue(c)
        and not _inside(quoted, c.idx, c.idx + len(c))
        and any(s.dep_ in ("nsubj", "nsubjpass") for s in c.children)
        for a in (verb, *verb.ancestors)
        for c in a.children
    )


def _may_introduce(verb: Token, subject: Token, floor: int = 0) -> bool:
    """A subject that may introduce words after a colon although no person the NER knows:
    a name it missed ("Vale leaned in and boomed: “…”") or a speaking noun ("Hoff's letter
    makes a case: “…”"), in a clause no speech verb reports."""
    named = subject.pos_ == "PROPN" and subject.ent_type_ not in _NOT_NAMES and subject.text[:1].isupper()
    if not (named or subject.lower_ in SPEAKING_NOUNS):
        return False
    return not any(is_speech_cue(a) for a in verb.ancestors if a.idx >= floor)


_DASHES = ("--", "—", "–")
_DASH_NEXT = re.compile(r"\s*[-–—―]")  # a dash next, after any space or line break


def _dashed_sentence(text: str, quote: QuoteSpan) -> bool:
    """A whole sentence quoted after a dash, ending the sentence ("The mayor embraced the toll
    -- “I think it is the fairest way.”"), not a title set between dashes ("his slogan --
    “Keep the Port” -- ran …")."""
    content = text[quote.start : quote.end].rstrip()
    if not (content[:1].isupper() and content.endswith((".", "?", "!"))):
        return False
    return not _DASH_NEXT.match(text, quote.end + 1)


def _colon_clause_verb(doc: Doc, text: str, quote: QuoteSpan, para: tuple[int, int], quoted: SpanIndex) -> Token | None:
    """A quotation introduced by a colon: "The governor has a new message: “…”", "I had to change my
    answer: “…”", or a whole sentence quoted after a comma ("Ames issued a statement, “Last
    night …”") or a dash ("Ames also embraced the plan -- “I think …”"). The subject nearest
    before the colon is the speaker."""
    lead = text[max(para[0], quote.start - 200) : max(para[0], quote.start - 1)].rstrip()
    capital = text[quote.start : quote.start + 1].isupper()
    if not (lead.endswith(":") or (lead.endswith(",") and capital) or (lead.endswith(_DASHES) and _dashed_sentence(text, quote))):
        return None
    mark = doc.char_span(quote.start - 1, quote.start, alignment_mode="expand")
    if mark is None:
        return None
    sentence = sentence_of(doc[mark.start - 1] if mark.start else mark[0])
    colon = lead.endswith(":")
    for token in reversed(doc[sentence.start : mark.start]):
        if token.idx < para[0]:
            break
        if token.dep_ == "nsubj" and not _inside(quoted, token.idx, token.idx + 1) and not _in_relative_clause(token.head):
            # (a speech verb of the paragraph before, the parse run on into this one, reports nothing here)
            if _speaking_subject(token.head, token, para[0]) or (colon and _may_introduce(token.head, token, para[0])):
                return token.head
            if token.head == sentence.root:
                return None
            # ("Ames has since apologized for what happened:": the subject of a clause
            # inside the sentence is not whom the colon introduces; look further back)
    return None


_NAME = r"[A-Z][\w.'’-]*(?:\s+(?:[A-Z][\w.'’-]*|de|da|van|von|del|la|bin|al))*"
_AFTER_DASH = re.compile(r"[\s'’”\"»]*[-–—―]+\s*(" + _NAME + r")[\s.]*(?:,[^\n]{0,80})?$")
_BEFORE_COLON = re.compile(r"^(" + _NAME + r")\s*:\s*$")
# A quotation's signature on the line after it ("“…”⏎⏎- Sanders." / "-Michelle Marks,
# Philadelphia."), as quote collections and fact checks print them; a second dash line
# after it makes a list, not a signature.
_NEXT_LINE_DASH = re.compile(r"[\s'’”\"».!?]*\n\s*[-–—―]+\s*(" + _NAME + r")[\s.]*(?:,[^\n]{0,80})?[ \t]*(?=\n|$)")
_KEPT_STOP = re.compile(r"(?:\b[A-Z]|Jr|Sr)\.$")


def _transcript_speaker(text: str, span: QuoteSpan, people: ArticlePeople) -> Speaker | None:
    """A transcript line quoted whole: "PENCE: Well, look, …"."""
    match = _TRANSCRIPT_NAME.match(text, span.start)
    if match is None:
        return None
    start, end = match.start(1), match.end(1)
    name = people.canonical(text[start:end].title())
    return Speaker(name=name, mention=TextSpan(start=start, end=end, text=text[start:end]))


def _dash_or_colon_speaker(text: str, para: tuple[int, int], span: QuoteSpan, people: ArticlePeople) -> Speaker | None:
    """`“…” — Name` or `Name: “…”` on one line: a speaker named by punctuation instead of a verb."""
    line_end = text.find("\n", span.end, para[1])
    line_start = text.rfind("\n", para[0], span.start) + 1 or para[0]
    after = text[span.end : line_end if line_end != -1 else para[1]]
    before = text[max(para[0], line_start) : max(para[0], span.start - 1)]
    for pattern, chunk, base in ((_AFTER_DASH, after, span.end), (_BEFORE_COLON, before, max(para[0], line_start))):
        match = pattern.match(chunk)
        if match and len(match.group(1)) <= 60:
            start, end = base + match.start(1), base + match.end(1)
            name = clean_name(text[start:end])
            return Speaker(name=people.canonical(name), mention=TextSpan(start=start, end=end, text=text[start:end]))
    return None


def _signed_line(text: str, para: tuple[int, int], span: QuoteSpan, people: ArticlePeople) -> Speaker | None:
    """A line that is a quotation and its signature, "“…” ― Name" (reader comments, pull
    quotes), or a quotation whose signature is the next line ("“…”⏎⏎- Sanders.")."""
    line_start = text.rfind("\n", para[0], span.start) + 1 or para[0]
    if text[max(para[0], line_start) : max(para[0], span.start - 1)].strip():
        return None
    line_end = text.find("\n", span.end, para[1])
    match = _AFTER_DASH.match(text, span.end, line_end if line_end != -1 else para[1])
    if match is None:
        match = _NEXT_LINE_DASH.match(text, span.end)  # (no end bound: "$" must be the text's end)
        if match is not None and _DASH_NEXT.match(text, match.end()):
            return None
    if match is None or len(match.group(1)) > 60:
        return None
    start, end = match.span(1)
    if text[end - 1] == "." and not _KEPT_STOP.search(text, start, end):
        end -= 1  # the sentence's stop ("- Sanders."), not an initial's or a title's
    return Speaker(
        name=people.canonical(clean_name(text[start:end])), mention=TextSpan(start=start, end=end, text=text[start:end])
    )


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def _without_caption_repeats(quotes: list[Quote]) -> list[Quote]:
    """Drop a quotation in a photo caption that repeats one in the body: one utterance, counted once.

    The body's words are joined once, by a line break no `_words` holds (so no match spans
    two quotations): each caption text is one substring search, not one per body quotation."""
    body = [_words(q.text) for q in quotes if q.zone != "caption"]
    if not body:
        return list(quotes)
    joined = "\n".join(body)
    repeats: dict[str, bool] = {}
    kept: list[Quote] = []
    for quote in quotes:
        if quote.zone == "caption":
            words = _words(quote.text)
            if words not in repeats:
                repeats[words] = words in joined
            if repeats[words]:
                continue
        kept.append(quote)
    return kept


# Words before an outlet's name that make it where words were said or found ("told Fox
# News Digital", "according to the Associated Press"), not a party to the story.
_CITING = re.compile(r"\b(?:told|tells|telling|to|according to|by|on|with|in)\s+(?:the\s+)?$", re.I)


def _cited_outlets(text: str, people: ArticlePeople) -> frozenset[str]:
    """The news outlets (`people.news_outlets`) among the article's organisations that it
    only ever cites: never the company a "the company said" points back to. An outlet the
    story is about ("Bloomberg's own list. The company says ...") is named otherwise too."""
    mentions: dict[str, list[int]] = {}
    for start, name in people.orgs:
        if name in people.news_outlets:
            mentions.setdefault(name, []).append(start)
    return frozenset(name for name, starts in mentions.items() if all(_CITING.search(text, max(0, s - 20), s) for s in starts))


def extract_quotes(
    doc: Doc,
    article: Article,
    registry: OutletRegistry | None = None,
    *,
    max_quotes: int = DEFAULT_MAX_QUOTES_PER_ARTICLE,
) -> QuoteExtraction:
    """Direct and partial quotations of one article, with speakers, cues and channels.

    At most `max_quotes` quotations (direct, partial and indirect together) are
    analysed, in text order; past the cap the rest are dropped with a
    `too_many_quotes` warning, so hostile or generated text cannot run away."""
    result = QuoteExtraction()
    text = article.text
    paras = list(paragraphs(text))
    spans_by_para = _capped([_quote_spans(text, paras, index) for index in range(len(paras))], max_quotes, article, result)
    quoted = SpanIndex((s.start, s.end) for spans, _ in spans_by_para for s in spans)
    people = index_people(doc, quoted)
    if registry is not None:
        people.news_outlets = frozenset(name for name in {n for _, n in people.orgs} if registry.resolve(name) is not None)
        people.outlets = _cited_outlets(text, people)
    result.roles = people.roles
    result.people = people.mentions
    previous: Speaker | None = None
    previous_rule_para = -10
    number = 0
    for para_index, para in enumerate(paras):
        zone = zone_at(article.zones, para[0])
        spans, unpaired = spans_by_para[para_index]
        if unpaired:
            result.warnings.append(
                Notice(
                    source=article.id,
                    code="unpaired_quote_mark",
                    message=f"{unpaired} unpaired quotation mark(s) in the paragraph at offset {para[0]}",
                )
            )
        opens_with_quote = bool(spans) and text[para[0] : spans[0].start - 1].strip() == ""
        para_speaker: Speaker | None = None
        para_quoted = SpanIndex((s.start, s.end) for s in spans)
        for span in spans:
            start, end = trim_span(text, span.start, span.end)
            if end - start < 2 or not any(ch.isalpha() for ch in text[start:end]):
                continue
            before = text[para[0] : span.start - 1].rstrip()
            embedded = bool(before) and before[-1] not in ":,.!?—–-"  # the quotation follows a word
            fragment_inside_sentence = embedded and not text[start].isupper()
            latest = para_speaker or previous
            signed = _signed_line(text, para, span, people)
            if signed is not None:  # a line "“…” ― Name": the signature beats any verb nearby
                attribution: _Attribution | None = _named_by(signed, "direct.name_mark")
            else:
                cue = _find_cue(doc, text, span, para, para_quoted, continued=para_speaker is not None)
                attribution = _attribute(doc, cue, people, latest.name if latest else None, registry, quoted)
            if attribution is None:
                if fragment_inside_sentence or (embedded and not _SENTENCE_INSIDE.search(text[start:end])):
                    continue  # a scare quote or a title ("the film “Night Harbor” opens"): not speech
                continuing = previous if opens_with_quote and para_index - previous_rule_para <= 3 else None
                lead_in = _lead_in_cue(doc, text, paras[para_index - 1], quoted) if opens_with_quote and para_index else None
                attribution = _attribute_without_cue(
                    doc, text, span, para, people, para_speaker, continuing, lead_in, registry, quoted
                )
            kind = "partial" if fragment_inside_sentence else "direct"
            confidence = attribution.confidence * (UNPAIRED_FACTOR if (unpaired or not span.closed) else 1.0)
            number += 1
            result.quotes.append(
                Quote(
                    id=f"{article.id}:q{number}",
                    article=article.id,
                    kind=kind,
                    text=text[start:end],
                    start=start,
                    end=end,
                    zone=zone,
                    speaker=attribution.speaker,
                    cue=attribution.cue,
                    channel=attribution.channel,
                    rule=f"{kind}.{attribution.rule.split('.', 1)[1]}",
                    confidence=round(confidence, 3),
                )
            )
            if attribution.speaker.name or attribution.speaker.description:
                para_speaker = attribution.speaker
        if para_speaker is not None:
            previous, previous_rule_para = para_speaker, para_index
        elif zone == "body" and not spans:
            # A body paragraph without quotations ends a run of continued quotes
            # (captions and update stamps in between do not).
            previous = None
    indirect = extract_indirect(doc, article, people, quoted, result.quotes, registry, number)
    room = max(0, max_quotes - len(result.quotes))
    if len(indirect) > room:
        if not any(w.code == "too_many_quotes" for w in result.warnings):
            result.warnings.append(_too_many(article, len(result.quotes) + len(indirect), max_quotes))
        indirect = indirect[:room]
    result.quotes = _without_caption_repeats(sorted(result.quotes + indirect, key=lambda q: q.start))
    if registry is not None:
        result.quotes = [_outlet_by_its_name(q, registry) for q in result.quotes]
    return result


def _outlet_by_its_name(quote: Quote, registry: OutletRegistry) -> Quote:
    """A speaker that is a news outlet named by an alias ("the AP reported") under the
    name the outlet registry gives it ("Associated Press"), so outlets match however
    each article names them."""
    name = quote.speaker.name
    if name is None or clean_name(name) in MASTHEAD_WORDS:
        return quote  # "the Times" may be the story's local Times
    outlet = registry.resolve(name)
    if outlet is None or outlet.name == name:
        return quote
    return quote.model_copy(update={"speaker": quote.speaker.model_copy(update={"name": outlet.name})})


def _too_many(article: Article, found: int, cap: int) -> Notice:
    return Notice(
        source=article.id,
        code="too_many_quotes",
        message=f"{found} quotations found; only the first {cap} are analysed (the max_quotes_per_article cap)",
    )


def _capped(
    spans_by_para: list[tuple[list[QuoteSpan], int]], cap: int, article: Article, result: QuoteExtraction
) -> list[tuple[list[QuoteSpan], int]]:
    """The paragraphs' quotation spans, keeping the first `cap` in text order (a warning when any are dropped)."""
    found = sum(len(spans) for spans, _ in spans_by_para)
    if found <= cap:
        return spans_by_para
    result.warnings.append(_too_many(article, found, cap))
    capped: list[tuple[list[QuoteSpan], int]] = []
    room = cap
    for spans, unpaired in spans_by_para:
        capped.append((spans[:room], unpaired))
        room -= len(capped[-1][0])
    return capped


def _attribute(
    doc: Doc,
    cue: Token | None,
    people: ArticlePeople,
    previous: str | None,
    registry: OutletRegistry | None,
    quoted: list[tuple[int, int]],
) -> _Attribution | None:
    if cue is None:
        return None
    cue = _reporting_cue(cue, quoted)
    cue_span = cue_text(cue)
    subject = subject_of(cue, quoted)
    speaker, confidence, rule = resolve_subject(subject, people, previous) if subject is not None else (Speaker(), 0.0, "")
    if not speaker.name and cue.lower_ != "according" and (according := according_to_in(cue, quoted)) is not None:
        # "Some 55 percent of voters said …, according to a Quinnipiac poll", "one sign read,
        # according to AZCentral, “…”": no one named speaks; the named source tells it.
        return _attribute(doc, according, people, previous, registry, quoted)
    if subject is None:
        return _Attribution(Speaker(), cue_span, channel_of(cue, registry), "x.cue_no_subject", CONFIDENCE["cue_no_subject"])
    binder = _binding_subject(subject, people, previous, quoted) if rule == "cue_pronoun" else None
    if binder is not None:
        # "Trump said he'd asked his “people” …": the pronoun of a clause inside another is
        # its subject's; the person is the one named there, the mention that name.
        named, named_confidence, named_rule = resolve_subject(binder, people, previous)
        if named.name or named.description:
            return _Attribution(named, cue_span, channel_of(cue, registry), f"x.{named_rule}", named_confidence)
    if rule == "cue_pronoun" and speaker.name and cue.dep_ != "relcl" and (outer := _outer_cue(cue)) is not None:
        # "Kasich says he'd tell him “no more nonsense”": when the reporting verb's subject is
        # the same person, the name there is the speaker's mention, not the pronoun.
        outer_subject = subject_of(outer, quoted)
        if outer_subject is not None and outer_subject.lower_ not in PRONOUNS:
            named, named_confidence, named_rule = resolve_subject(outer_subject, people, previous)
            if named.name == speaker.name:
                return _Attribution(named, cue_text(outer), channel_of(outer, registry), f"x.{named_rule}", named_confidence)
    return _Attribution(speaker, cue_span, channel_of(cue, registry), f"x.{rule}", confidence)


# Pronouns a clause inside another takes from the enclosing clause's subject ("X said he …").
_BOUND_PRONOUNS = frozenset(["he", "she"])
_NOT_NAMES = frozenset(["DATE", "TIME", "GPE", "NORP", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "LOC"])


def _binding_subject(subject: Token, people: ArticlePeople, previous: str | None, quoted: list[tuple[int, int]]) -> Token | None:
    """The subject that binds a he/she subject: climbing from the pronoun's clause to the
    clauses that hold it in its sentence, the outermost subject of a chain of persons of
    the pronoun's gender ("Trump said he'd asked his “people” …", "Cruz has railed against
    what he calls the “Washington cartel”", "She said she was thinking, “…”"). The chain
    stops at a subject that is no person or of the other gender ("Trump said she had
    “…”" keeps "she"), and at a clause of its own: a relative or adverbial clause ("Hewitt
    asked Trump about remarks he had made, when he claimed …" is Trump's)."""
    if subject.lower_ not in _BOUND_PRONOUNS or subject.dep_ not in ("nsubj", "nsubjpass"):
        return None
    want = PRONOUN_GENDER[subject.lower_]
    found: Token | None = None
    verb = subject.head
    for _ in range(10):
        if verb.head.i == verb.i or not _reported_clause(verb, own=verb.i == subject.head.i):
            break
        verb = verb.head
        if across_lines(verb, subject):
            break
        outer = next(
            (c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") and c.i != subject.i and not covered(quoted, c.idx)),
            None,
        )
        if outer is None:
            continue
        if outer.lower_ in _BOUND_PRONOUNS:
            if outer.lower_ != subject.lower_:
                break
            found = outer  # "he says he would …": the chain goes on
            continue
        named, _, _ = resolve_subject(outer, people, previous)
        person = (
            outer.ent_type_ == "PERSON"
            or (outer.pos_ == "PROPN" and outer.ent_type_ not in _NOT_NAMES)
            or (outer.lower_ in ROLE_WORDS and not outer.ent_type_)
            or (outer.text[:1].isupper() and named.name is not None and named.name in people.person_names)
        )  # ("Trump at the time said": a name the tagger took for a common noun)
        if not person or (named.name and people.gender.get(named.name, want) != want):
            break
        found = outer
        break
    return found


def _reported_clause(verb: Token, own: bool) -> bool:
    """A clause its head reports or continues: a complement ("said he would"), a conjunct
    sharing its subject (not the pronoun's `own` clause: "He pledged …, and he pledged" is
    two), or an adverbial clause with no subordinator ("…, calling them “…”"); never a
    free relative ("what he called “…”")."""
    if any(c.tag_ in ("WP", "WDT") for c in verb.children):
        return False
    if verb.dep_ in ("ccomp", "xcomp") or (verb.dep_ == "conj" and not own):
        return True
    return verb.dep_ == "advcl" and not any(c.dep_ in ("mark", "advmod") and c.i < verb.i for c in verb.children)


def _outer_cue(cue: Token) -> Token | None:
    """The reporting verb whose reported clause holds `cue`, in the same line."""
    outer = next((a for a in list(cue.ancestors)[:4] if is_speech_cue(a) and a.lower_ != "according"), None)
    if outer is None or across_lines(outer, cue):
        return None
    return outer


_MODALS = frozenset("will would should could may might must can shall".split())


def _reporting_cue(cue: Token, quoted: list[tuple[int, int]]) -> Token:
    """The cue that reports a quotation said inside another's reported clause: "Obama said he
    expected that Americans will say “no”", "a source said the areas of the network that were
    hacked suggested “…”" — the outer verb's, when the inner verb is a modal's or its subject
    no speaker (a thing, not a person, a group or a document)."""
    if cue.pos_ not in ("VERB", "AUX") or cue.lower_ == "according":
        return cue
    outer = _outer_cue(cue)
    if outer is None:
        return cue
    subject = next((c for c in cue.children if c.dep_ in ("nsubj", "nsubjpass") and not covered(quoted, c.idx)), None)
    modal = any(c.dep_ == "aux" and c.lower_ in _MODALS for c in cue.children)
    speaking = subject is not None and (
        subject.ent_type_ in ("PERSON", "ORG", "NORP")
        or subject.pos_ in ("PRON", "PROPN")
        or subject.lower_ in SPEAKING_NOUNS
        or subject.lower_ in ROLE_WORDS
    )
    return outer if modal or (subject is not None and not speaking) else cue


def _quote_spans(text: str, paras: list[tuple[int, int]], index: int) -> tuple[list[QuoteSpan], int]:
    """Quotations of paragraph `index`; one may run on when the next paragraph opens with a mark."""
    start, end = paras[index]
    next_opens = index + 1 < len(paras) and text[paras[index + 1][0]] in "\"'“‘«„"
    return find_quote_spans(text, start, end, runs_on=next_opens)
