"""The attribute ruler's faster matcher finds what spaCy's Matcher finds, token for token."""

from __future__ import annotations

import pickle

import pytest
from spacy.pipeline import AttributeRuler
from spacy.tokens import Doc

from corroborate.nlp.attributes import FastAttributeMatcher, speed_up_attribute_ruler

pytestmark = pytest.mark.model

# Our own sentences, full of the words the ruler's exceptions are about: contractions,
# "gonna", "y'all", "there is", pronouns by case, modal verbs, whitespace tokens.
TEXTS = [
    "Y'all ain't gonna believe it, the harbourmaster said. There is nothin' left, gotta go.",
    "I 'd say let's go   now.\n\n  Doin' fine, ol' man; c'mon, 'nuff said about 'em.",
    "She told him that it was hers, but they'd already given it to us and themselves.",
    "Those who can, do; these ones could not, and this one wo n't. Somebody gets it, nobody got it.",
    "The ferry that sank had been repaired once, and then it was being towed here.",
    "\n\t \n",
    "",
]


def _until_ruler(nlp, text: str) -> Doc:  # type: ignore[no-untyped-def]
    """`text` through the components before the attribute ruler (tagger, parser)."""
    doc = nlp.make_doc(text)
    for name, component in nlp.pipeline:
        if name == "attribute_ruler":
            break
        doc = component(doc)
    return doc


def _reference_ruler(nlp) -> AttributeRuler:  # type: ignore[no-untyped-def]
    """The same patterns in a ruler that keeps spaCy's own Matcher."""
    ruler = AttributeRuler(nlp.vocab)
    ruler.add_patterns(nlp.get_pipe("attribute_ruler").patterns)
    return ruler


def _attributes(doc: Doc) -> list[tuple[str, ...]]:
    return [(t.tag_, t.pos_, t.dep_, str(t.morph), t.lemma_) for t in doc]


@pytest.mark.parametrize("text", TEXTS)
def test_the_same_matches_as_spacys_matcher(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    reference = _reference_ruler(nlp)
    fast = FastAttributeMatcher(reference.matcher, nlp.vocab.strings)
    doc = _until_ruler(nlp, text)
    assert sorted(fast(doc)) == sorted(set(reference.matcher(doc, allow_missing=True, as_spans=False)))
    assert fast(doc) or not text.strip()


@pytest.mark.parametrize("text", TEXTS)
def test_the_same_attributes_as_spacys_ruler(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    parsed = _until_ruler(nlp, text)
    ours, theirs = parsed.copy(), parsed.copy()
    nlp.get_pipe("attribute_ruler")(ours)
    _reference_ruler(nlp)(theirs)
    assert _attributes(ours) == _attributes(theirs)
    assert any(t.pos_ for t in ours) or not text.strip()


def test_the_pipeline_uses_the_fast_matcher_and_still_pickles(nlp) -> None:  # type: ignore[no-untyped-def]
    ruler = nlp.get_pipe("attribute_ruler")
    assert isinstance(ruler.matcher, FastAttributeMatcher)
    copy = pickle.loads(pickle.dumps(ruler))
    doc = _until_ruler(nlp, TEXTS[0])
    assert sorted(copy.matcher(doc)) == sorted(ruler.matcher(doc))


def test_a_pattern_it_does_not_read_keeps_spacys_matcher(nlp) -> None:  # type: ignore[no-untyped-def]
    ruler = AttributeRuler(nlp.vocab)
    ruler.add_patterns([{"patterns": [[{"ORTH": "ferry", "OP": "+"}]], "attrs": {"POS": "NOUN"}}])
    spacys = ruler.matcher
    assert speed_up_attribute_ruler(ruler) is False
    assert ruler.matcher is spacys
