"""One identity per person or organisation across a story, on hand-made mentions (no model)."""

from __future__ import annotations

from corroborate.align.identities import link_speakers, resolve_entities
from corroborate.model import Quote, Speaker
from corroborate.nlp.entities import EntityMention


def mention(article: str, name: str, kind: str = "person", start: int = 0, text: str | None = None) -> EntityMention:
    return EntityMention(article, start, start + len(name), text or name, kind, name)


def entities_of(mentions: list[EntityMention]) -> dict[str, tuple[str, set[str]]]:
    entities, _ = resolve_entities(mentions)
    return {e.name: (e.kind, {m.article for m in e.mentions}) for e in entities}


def test_a_middle_initial_and_a_surname_tagged_an_organisation_join_one_person() -> None:
    """ "Tomas R. Wendt" in one outlet, "Tomas Wendt" in two, "Wendt" tagged an organisation:
    one person, so a quote credited to both forms is no drift."""
    result = entities_of(
        [
            mention("a", "Tomas R. Wendt"),
            mention("b", "Tomas Wendt"),
            mention("c", "Tomas Wendt"),
            mention("c", "Wendt", kind="organization", start=40),
        ]
    )
    assert result == {"Tomas Wendt": ("person", {"a", "b", "c"})}


def test_a_nickname_joins_the_full_first_name_across_articles() -> None:
    result = entities_of([mention("a", "Christopher A. Vane"), mention("b", "Chris Vane"), mention("b", "Vane", start=30)])
    assert result == {"Christopher A. Vane": ("person", {"a", "b"})}


def test_a_jr_stays_apart_from_his_father() -> None:
    result = entities_of([mention("a", "Oren Pike"), mention("b", "Oren Pike Jr."), mention("b", "Pike", start=30)])
    assert result["Oren Pike"] == ("person", {"a", "b"})
    assert result["Oren Pike Jr."] == ("person", {"b"})


def test_a_full_name_tagged_an_organisation_is_the_person_called_mr_x() -> None:
    """ "Mr. Quill said" made "Quill" a person; "Ines Quill" tagged an organisation is her."""
    result = entities_of(
        [
            mention("a", "Ines Quill", kind="organization"),
            mention("a", "Quill", start=30, text="Mr. Quill"),
            mention("b", "Quill", kind="organization"),
        ]
    )
    assert result == {"Ines Quill": ("person", {"a", "b"})}


def test_an_outlet_named_like_a_surname_stays_the_outlet() -> None:
    result = entities_of(
        [
            mention("a", "Mara Fox"),
            mention("b", "Fox News", kind="organization"),
            mention("b", "Fox", kind="organization", start=30),
            mention("c", "Hill", kind="organization", text="The Hill"),
            mention("c", "Hill", start=40, text="The Hill"),
        ]
    )
    assert result["Mara Fox"] == ("person", {"a"})
    assert result["Fox"] == ("organization", {"b"})
    assert result["Hill"] == ("organization", {"c"})


def test_forms_and_acronyms_of_one_organisation_are_one_entity() -> None:
    result = entities_of(
        [
            mention("a", "U.S. Bureau of Tide Review", kind="organization"),
            mention("b", "Bureau of Tide Review", kind="organization"),
            mention("b", "Bureau of Tide Review", kind="organization", start=30),
            mention("c", "BTR", kind="organization"),
            mention("a", "Department of the Harbour", kind="organization", start=60),
            mention("b", "Harbour Department", kind="organization", start=60),
            mention("c", "Harbour", kind="organization", start=60),
        ]
    )
    assert result == {
        "Bureau of Tide Review": ("organization", {"a", "b", "c"}),
        "Department of the Harbour": ("organization", {"a", "b", "c"}),
    }


def test_speakers_credited_to_two_forms_of_one_name_link_one_entity() -> None:
    entities, _ = resolve_entities([mention("a", "Tomas R. Wendt"), mention("b", "Tomas Wendt")])
    quotes = [
        Quote(
            id=f"q{i}",
            article=article,
            start=0,
            end=5,
            text="words",
            kind="direct",
            zone="body",
            rule="test",
            confidence=1.0,
            speaker=Speaker(name=name),
        )
        for i, (article, name) in enumerate([("a", "Tomas R. Wendt"), ("b", "Tomas Wendt")])
    ]
    linked = link_speakers(quotes, entities)
    assert linked[0].speaker.entity == linked[1].speaker.entity is not None


def test_a_speaker_named_by_surname_alone_takes_the_story_s_full_name() -> None:
    entities, _ = resolve_entities([mention("a", "Tomas R. Wendt"), mention("b", "Wendt")])
    quote = Quote(
        id="q1", article="b", start=0, end=5, text="words", kind="direct", zone="body", rule="test", confidence=1.0,
        speaker=Speaker(name="Wendt"),
    )  # fmt: skip
    (linked,) = link_speakers([quote], entities)
    assert (linked.speaker.name, linked.speaker.entity) == ("Tomas R. Wendt", entities[0].id)
