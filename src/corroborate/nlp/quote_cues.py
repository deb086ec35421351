"""Which reporting verb (the cue) a quotation hangs from (rule-based).

The cue is the verb the quotation hangs from in the parse, its tag after it ("“…?”
Keller demanded."), the clause before a colon, comma or dash that introduces it, or the
nearest reporting verb in its sentence or the next. An aside, a relative clause or a
clause that reports its own words is no cue; a judgement ("blasted “…”") or a
description ("as “…”") in the quotation's own clause is. `quotes` attributes the
quotation to the cue's subject.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from corroborate.nlp.cues import is_according_to, is_speech_cue, owned_speech_noun
from corroborate.nlp.lexicon import JUDGEMENT_VERBS, SPEAKING_NOUNS, TAG_VERBS, THOUGHT_VERBS
from corroborate.nlp.names import ROLE_WORDS
from corroborate.nlp.people import PRONOUNS
from corroborate.nlp.quotemarks import QuoteSpan
from corroborate.nlp.sentences import across_lines, once_per_doc, sentence_of
from corroborate.nlp.spans import SpanIndex, covered


def _inside(spans: SpanIndex, start: int, end: int) -> bool:
    """[start, end) lies inside one of the paragraph's quotations (their marks included)."""
    return spans.contains(start, end)


def _previous_sentence(doc: Doc, quote: Span, para: tuple[int, int]) -> list[Span]:
    """The sentence before a quotation that opens a sentence, in the same paragraph:
    "…, Schiff said. “The other factor …”" (searched last, after the quotation's own)."""
    sentence = sentence_of(quote[0])
    if sentence.start == 0 or sentence.start_char < para[0]:
        return []
    before = sentence_of(doc[sentence.start - 1])
    return [before] if before.start_char >= para[0] else []


def lead_in_cue(doc: Doc, text: str, para: tuple[int, int], quoted: list[tuple[int, int]]) -> Token | None:
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
    if root.pos_ == "VERB" and root.idx >= para[0] and subject is not None and is_speaking_subject(root, subject):
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


def quotation_cue(
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
                    return head if is_speaking_subject(head, subjects[0]) and not _reported_aside(head, quoted) else None
            if head.head.i == head.i:
                break
            head = head.head
        return None
    return None


def is_speaking_subject(verb: Token, subject: Token, floor: int = 0) -> bool:
    """`subject` (of `verb`) names who speaks: a person, an organisation or a personal pronoun,
    in a clause that no speech verb or "according to" reports ("said that she had shown …").
    `floor`: where the paragraph starts (a verb above it is a parse run on from the one before)."""
    personal = (
        subject.ent_type_ in ("PERSON", "ORG")
        or subject.lower_ in _PERSON_PRONOUNS
        or subject.lower_ in ROLE_WORDS
        or (subject.pos_ == "PROPN" and not subject.ent_type_ and subject.text in _person_name_words(subject.doc))
    )
    above = [a for a in verb.ancestors if a.idx >= floor]
    reported = any(is_speech_cue(a) for a in above) or any(is_according_to(c) for a in (verb, *above) for c in a.children)
    return personal and not reported


def _person_name_words(doc: Doc) -> frozenset[str]:
    """The words of the names the NER tagged a person's anywhere in the doc: a surname it
    left untagged elsewhere ("Ruiz dismissed it as “…”") is still that person's."""
    return once_per_doc(
        doc,
        "person_name_words",
        lambda: frozenset(t.text for ent in doc.ents if ent.label_ == "PERSON" for t in ent if t.is_title),
    )


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


# Entity labels of words that name no one: a proper noun so labelled is no speaker.
NOT_NAME_LABELS = frozenset(["DATE", "TIME", "GPE", "NORP", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "LOC"])


def _may_introduce(verb: Token, subject: Token, floor: int = 0) -> bool:
    """A subject that may introduce words after a colon although no person the NER knows:
    a name it missed ("Vale leaned in and boomed: “…”") or a speaking noun ("Hoff's letter
    makes a case: “…”"), in a clause no speech verb reports."""
    named = subject.pos_ == "PROPN" and subject.ent_type_ not in NOT_NAME_LABELS and subject.text[:1].isupper()
    if not (named or subject.lower_ in SPEAKING_NOUNS):
        return False
    return not any(is_speech_cue(a) for a in verb.ancestors if a.idx >= floor)


_DASHES = ("--", "—", "–")
DASH_NEXT = re.compile(r"\s*[-–—―]")  # a dash next, after any space or line break


def _dashed_sentence(text: str, quote: QuoteSpan) -> bool:
    """A whole sentence quoted after a dash, ending the sentence ("The mayor embraced the toll
    -- “I think it is the fairest way.”"), not a title set between dashes ("his slogan --
    “Keep the Port” -- ran …")."""
    content = text[quote.start : quote.end].rstrip()
    if not (content[:1].isupper() and content.endswith((".", "?", "!"))):
        return False
    return not DASH_NEXT.match(text, quote.end + 1)


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
            if is_speaking_subject(token.head, token, para[0]) or (colon and _may_introduce(token.head, token, para[0])):
                return token.head
            if token.head == sentence.root:
                return None
            # ("Ames has since apologized for what happened:": the subject of a clause
            # inside the sentence is not whom the colon introduces; look further back)
    return None


def outer_cue(cue: Token) -> Token | None:
    """The reporting verb whose reported clause holds `cue`, in the same line."""
    outer = next((a for a in list(cue.ancestors)[:4] if is_speech_cue(a) and a.lower_ != "according"), None)
    if outer is None or across_lines(outer, cue):
        return None
    return outer


_MODALS = frozenset("will would should could may might must can shall".split())


def reporting_cue(cue: Token, quoted: list[tuple[int, int]]) -> Token:
    """The cue that reports a quotation said inside another's reported clause: "Obama said he
    expected that Americans will say “no”", "a source said the areas of the network that were
    hacked suggested “…”" — the outer verb's, when the inner verb is a modal's or its subject
    no speaker (a thing, not a person, a group or a document)."""
    if cue.pos_ not in ("VERB", "AUX") or cue.lower_ == "according":
        return cue
    outer = outer_cue(cue)
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
