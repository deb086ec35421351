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

The cue is found by `quote_cues`. Indirect quotations come from `indirect`; speakers
are resolved by `speakers`.

A quoted fragment inside a sentence with no reporting verb is a scare quote or a
title, not speech, and is not reported. Unpaired marks lower the confidence and
add a warning; they never abort the article.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.tokens import Doc, Token

from corroborate.ingest.outlets import OutletRegistry
from corroborate.ingest.zones import paragraphs, zone_at
from corroborate.model import Article, Notice, Quote, Speaker, TextSpan
from corroborate.nlp.cues import according_to_in, channel_of, cue_text, subject_of
from corroborate.nlp.indirect import extract_indirect
from corroborate.nlp.names import MASTHEAD_WORDS, PRONOUN_GENDER, ROLE_WORDS, clean_name
from corroborate.nlp.people import PRONOUNS, ArticlePeople, PersonMention, gender_of, index_people
from corroborate.nlp.person_names import entity_span
from corroborate.nlp.quote_cues import (
    DASH_NEXT,
    NOT_NAME_LABELS,
    is_speaking_subject,
    lead_in_cue,
    outer_cue,
    quotation_cue,
    reporting_cue,
)
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
    if subject is None or not is_speaking_subject(root, subject):
        return None
    # A quotation paragraph after a paragraph about a person ("Valastro praised the governor's
    # leadership.⏎⏎“We need someone …”") is theirs, as one after a sentence of its own paragraph.
    named = subject.ent_type_ == "PERSON" or (subject.idx < para[0] and subject.lower_ in ("he", "she"))
    if not named or (subject.idx < para[0] and sentence.start_char > para[0] + 1):
        return None
    return subject


_TRANSCRIPT_NAME = re.compile(r"([A-Z][A-Z.'’-]+(?: [A-Z][A-Z.'’-]+){0,2}):\s")


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
        if match is not None and DASH_NEXT.match(text, match.end()):
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
# An outlet asking for comment is the reporter's own act ("Fox News Digital reached out to
# the mayor's office"), no sign the story is about it.
_ASKING = re.compile(r"(?:\s+Digital)?\s+(?:has\s+|had\s+)?(?:reached out|contacted|requested|sought|asked)\b")


def _cited_outlets(text: str, people: ArticlePeople) -> frozenset[str]:
    """The news outlets (`people.news_outlets`) among the article's organisations that it
    only ever cites: never the company a "the company said" points back to. An outlet the
    story is about ("Bloomberg's own list. The company says ...") is named otherwise too."""
    mentions: dict[str, list[int]] = {}
    for start, name in people.orgs:
        if name in people.news_outlets:
            mentions.setdefault(name, []).append(start)
    return frozenset(
        name
        for name, starts in mentions.items()
        if all(_CITING.search(text, max(0, s - 20), s) or _ASKING.match(text, s + len(name)) for s in starts)
    )


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
        outlet_of = {name: outlet for name in {n for _, n in people.orgs} if (outlet := registry.resolve(name)) is not None}
        people.news_outlets = frozenset(outlet_of)
        own = registry.resolve(article.outlet)
        # (the article's own outlet is never the company it reports on: "pointed Fox News Digital to")
        people.outlets = _cited_outlets(text, people) | {name for name, outlet in outlet_of.items() if outlet == own}
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
                cue = quotation_cue(doc, text, span, para, para_quoted, continued=para_speaker is not None)
                attribution = _attribute(doc, cue, people, latest.name if latest else None, registry, quoted)
                attribution = _described_pronoun(attribution, latest, people) or attribution
            if attribution is None:
                if fragment_inside_sentence or (embedded and not _SENTENCE_INSIDE.search(text[start:end])):
                    continue  # a scare quote or a title ("the film “Night Harbor” opens"): not speech
                continuing = previous if opens_with_quote and para_index - previous_rule_para <= 3 else None
                lead_in = lead_in_cue(doc, text, paras[para_index - 1], quoted) if opens_with_quote and para_index else None
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


# How far back the unnamed person a he/she points to may have been quoted: the paragraph before.
_DESCRIBED_REACH = 800


def _described_pronoun(attribution: _Attribution | None, latest: Speaker | None, people: ArticlePeople) -> _Attribution | None:
    """The unnamed person the paragraph before quoted, for a he/she after them: "A district
    spokeswoman said the page was “a staffing inventory.” … “…,” she said" is the
    spokeswoman's, not the woman named further back. Only when the description tells
    the pronoun's gender and no person of that gender is named between."""
    if attribution is None or attribution.rule != "x.cue_pronoun" or latest is None or latest.name or latest.mention is None:
        return None
    pronoun = attribution.speaker.mention
    want = PRONOUN_GENDER.get(pronoun.text.casefold()) if pronoun is not None else None
    if pronoun is None or want is None or not latest.description:
        return None
    if gender_of(latest.description.split()) != want or not 0 < pronoun.start - latest.mention.end <= _DESCRIBED_REACH:
        return None
    if any(latest.mention.end <= m.start < pronoun.start and people.gender.get(m.name, want) == want for m in people.mentions):
        return None
    return _Attribution(
        latest.model_copy(update={"mention": pronoun}),
        attribution.cue,
        attribution.channel,
        attribution.rule,
        attribution.confidence,
    )


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
    cue = reporting_cue(cue, quoted)
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
    if rule == "cue_pronoun" and speaker.name and cue.dep_ != "relcl" and (outer := outer_cue(cue)) is not None:
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
            or (outer.pos_ == "PROPN" and outer.ent_type_ not in NOT_NAME_LABELS)
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


def _quote_spans(text: str, paras: list[tuple[int, int]], index: int) -> tuple[list[QuoteSpan], int]:
    """Quotations of paragraph `index`; one may run on when the next paragraph opens with a mark."""
    start, end = paras[index]
    next_opens = index + 1 < len(paras) and text[paras[index + 1][0]] in "\"'“‘«„"
    return find_quote_spans(text, start, end, runs_on=next_opens)
