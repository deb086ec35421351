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


def test_bluewater_is_the_bluewater_harbor_lines_the_story_names() -> None:
    """A company's first word on second reference is the company, shown in full; a
    first word shared by no company name ("Harbor" of "Harbor Authority") stays apart."""
    result = entities_of(
        [
            mention("a", "Bluewater Harbor Lines", kind="organization"),
            mention("a", "Bluewater", kind="organization", start=40),
            mention("b", "Bluewater", kind="organization"),
            mention("b", "Harbor Authority", kind="organization", start=30),
            mention("c", "Harbor", kind="organization"),
        ]
    )
    assert result["Bluewater Harbor Lines"] == ("organization", {"a", "b"})
    assert result["Harbor"] == ("organization", {"c"})


def test_the_alliance_is_the_marrow_river_alliance_the_story_names() -> None:
    """A body's last word on second reference ("the Alliance") is the one body of the story
    whose name ends so."""
    result = entities_of(
        [
            mention("a", "Marrow River Alliance", kind="organization"),
            mention("a", "Alliance", kind="organization", start=40),
            mention("b", "Alliance", kind="organization"),
        ]
    )
    assert result == {"Marrow River Alliance": ("organization", {"a", "b"})}


def test_the_ledger_said_is_the_harbor_ledger_the_story_names() -> None:
    """A paper's masthead word on second reference ("the Ledger") is the paper the story
    names in full, shown and credited in full; "Office of Ethics" stays as named."""
    entities, _ = resolve_entities(
        [
            mention("a", "Harbor Ledger", kind="organization"),
            mention("a", "Ledger", kind="organization", start=40),
            mention("b", "Ledger", kind="organization"),
            mention("b", "Ledger", kind="organization", start=30),
        ]
    )
    assert [(e.name, e.kind) for e in entities] == [("Harbor Ledger", "organization")]
    quote = Quote(
        id="b:q1", article="b", kind="indirect", text="it stood by its reporting", start=50, end=75, zone="body",
        speaker=Speaker(name="Ledger"), rule="test", confidence=1.0,
    )  # fmt: skip
    (linked,) = link_speakers([quote], entities)
    assert linked.speaker.name == "Harbor Ledger"


def test_the_boards_preliminary_report_found_is_the_grid_board_speaking() -> None:
    """Words a document is credited with are its owner's: the organisation its
    description names ("a report released Friday by the Grid Safety Board"), else the
    one organisation whose name its possessor ends ("the board's preliminary report");
    "the bureau's analysis" with two bureaus named credits no one."""
    entities, _ = resolve_entities(
        [
            mention("a", "Grid Safety Board", kind="organization"),
            mention("a", "Harbor Lending Bureau", kind="organization", start=40),
            mention("a", "Coast Lending Bureau", kind="organization", start=80),
        ]
    )

    def credited(description: str) -> str | None:
        quote = Quote(
            id="a:q1", article="a", kind="indirect", text="it cut trimming", start=100, end=115, zone="body",
            speaker=Speaker(description=description), rule="test", confidence=1.0,
        )  # fmt: skip
        (linked,) = link_speakers([quote], entities)
        return linked.speaker.name

    assert credited("a preliminary report released Friday by the Grid Safety Board") == "Grid Safety Board"
    assert credited("The board's preliminary report") == "Grid Safety Board"
    assert credited("the bureau's regulatory analysis") is None
    assert credited("the board's chairman") is None  # a person described, not a document
    # whom a complaint was filed with is not whose it is
    assert credited("The complaint, filed with the Grid Safety Board") is None


def test_the_harlow_center_for_fiscal_policy_is_the_harlow_center() -> None:
    result = entities_of(
        [mention("a", "Harlow Center for Fiscal Policy", kind="organization"), mention("b", "Harlow Center", kind="organization")]
    )
    assert result == {"Harlow Center for Fiscal Policy": ("organization", {"a", "b"})}


def test_keldors_harbour_ministry_and_the_keldoran_harbour_ministry_are_one_body() -> None:
    """One nation's body with its nation written two ways, and the body named alone,
    are one entity; a state's body of that name is another."""
    result = entities_of(
        [
            mention("a", "Keldor's Harbour Ministry", kind="organization"),
            mention("b", "Keldoran Harbour Ministry", kind="organization"),
            mention("c", "Harbour Ministry", kind="organization"),
        ]
    )
    assert [(kind, articles) for kind, articles in result.values()] == [("organization", {"a", "b", "c"})]
    apart = entities_of(
        [
            mention("a", "Health Department", kind="organization"),
            mention("b", "State Health Department", kind="organization"),
            mention("c", "County Health Department", kind="organization"),
        ]
    )
    assert len(apart) == 3


def test_the_hospital_said_is_the_one_hospital_the_story_names() -> None:
    """A speaker described by its kind alone ("the hospital", "The union") is the one
    organisation of the story whose name ends with that word; with two of them, the one
    the quote's own article names; with neither, no one."""
    entities, _ = resolve_entities(
        [
            mention("a", "Varrow District Hospital", kind="organization"),
            mention("a", "Harbor Lending Bureau", kind="organization", start=40),
            mention("a", "Coast Lending Bureau", kind="organization", start=80),
            mention("b", "Keel Lending Bureau", kind="organization", start=40),
        ]
    )

    def credited(description: str, article: str = "a") -> str | None:
        quote = Quote(
            id=f"{article}:q1", article=article, kind="indirect", text="it was treating 30 people", start=100, end=125,
            zone="body", speaker=Speaker(description=description), rule="test", confidence=1.0,
        )  # fmt: skip
        (linked,) = link_speakers([quote], entities)
        return linked.speaker.name

    assert credited("the hospital") == "Varrow District Hospital"
    assert credited("the bureau", article="b") == "Keel Lending Bureau"
    assert credited("the bureau") is None  # two bureaus in the quote's article
    assert credited("the clinic") is None
    assert credited("the hospital's director") is None


def test_the_department_said_is_the_one_department_of_transportation() -> None:
    """A body whose name puts its kind before "of" ("Ostmark Department of Roads"): "the
    department" is it."""
    entities, _ = resolve_entities([mention("a", "Ostmark Department of Roads", kind="organization")])
    quote = Quote(
        id="a:q1", article="a", kind="indirect", text="the backlog grew", start=100, end=116,
        zone="body", speaker=Speaker(description="the department"), rule="test", confidence=1.0,
    )  # fmt: skip
    (linked,) = link_speakers([quote], entities)
    assert linked.speaker.name == "Ostmark Department of Roads"
    owned = quote.model_copy(update={"speaker": Speaker(description="her own transportation department")})
    (linked,) = link_speakers([owned], entities)
    assert linked.speaker.name == "Ostmark Department of Roads"
    his = quote.model_copy(update={"speaker": Speaker(description="His department")})  # whose: `represents`
    (linked,) = link_speakers([his], entities)
    assert linked.speaker.name is None
    named = quote.model_copy(update={"speaker": Speaker(name="department")})  # a kind taken for a name
    (linked,) = link_speakers([named], entities)
    assert (linked.speaker.name, linked.speaker.entity) == ("Ostmark Department of Roads", entities[0].id)


def test_a_full_name_tagged_a_place_or_a_surname_tagged_a_group_is_the_person() -> None:
    """ "Hollis Grange, the board's president," tagged a place; "Vantreese" a group."""
    result = entities_of(
        [
            mention("a", "Hollis Grange"),
            mention("b", "Hollis Grange", kind="place"),
            mention("a", "Celia Vantreese", start=30),
            mention("b", "Vantreese", kind="group", start=40),
        ]
    )
    assert result["Hollis Grange"] == ("person", {"a", "b"})
    assert result["Celia Vantreese"] == ("person", {"a", "b"})


def test_vantreese_pledged_described_by_her_surname_is_celia_vantreese() -> None:
    """A speaker left as a one-word description (the name tagged a group) is the one
    person of the story with that surname; a surname two people share names no one."""
    entities, _ = resolve_entities(
        [mention("a", "Celia Vantreese"), mention("b", "Omar Pike"), mention("b", "Ada Pike", start=30)]
    )

    def credited(description: str) -> str | None:
        quote = Quote(
            id="b:q1", article="b", kind="indirect", text="every pupil gets a seat", start=100, end=123,
            zone="body", speaker=Speaker(description=description), rule="test", confidence=1.0,
        )  # fmt: skip
        (linked,) = link_speakers([quote], entities)
        return linked.speaker.name

    assert credited("Vantreese") == "Celia Vantreese"
    assert credited("Pike") is None
    assert credited("the district") is None


def test_the_report_speaks_for_the_inspector_general_its_article_named_before() -> None:
    """ "the report" (or "The report, a copy of which was obtained by The Times") speaks
    for the owner the article's last report spoke for; with none before it in its article,
    for the story's one report owner; records are nobody's."""
    entities, _ = resolve_entities(
        [mention("a", "Nadia Quarles"), mention("b", "Nadia Quarles"), mention("a", "New York Times", "organization", 40)]
    )
    quarles = next(e for e in entities if e.name == "Nadia Quarles")

    def quote(number: int, article: str, start: int, **speaker: str) -> Quote:
        return Quote(
            id=f"{article}:q{number}", article=article, kind="indirect", text="the jets were misused", start=start,
            end=start + 21, zone="body", speaker=Speaker(**speaker), rule="test", confidence=1.0,
        )  # fmt: skip

    linked = link_speakers(
        [
            quote(1, "a", 100, description="a report by the department's inspector general", name="Nadia Quarles"),
            quote(
                2, "a", 200, description="The report, a copy of which was obtained by The New York Times", name="New York Times"
            ),
            quote(3, "a", 300, description="the report"),
            quote(4, "b", 100, description="The report"),
            quote(5, "b", 200, description="the records"),
        ],
        entities,
    )
    assert [q.speaker.entity for q in linked] == [quarles.id, quarles.id, quarles.id, quarles.id, None]


def test_the_port_halden_ledger_tagged_a_place_is_the_paper_the_ledger_names() -> None:
    entities, _ = resolve_entities(
        [
            mention("a", "Port Halden Ledger", kind="place", text="the Port Halden Ledger"),
            mention("a", "Ledger", kind="organization", start=60),
            mention("b", "Dominican Republic", kind="place"),
        ]
    )
    assert {(e.name, e.kind) for e in entities} == {
        ("Port Halden Ledger", "organization"),
        ("Dominican Republic", "place"),
    }


def test_the_numbers_showed_is_not_jobs_numbers_named_only_in_a_tweet() -> None:
    """ "Today's Jobs Numbers were RIGGED," he tweeted: a body named only inside a
    quotation is no body "the numbers" points back to."""
    entities, _ = resolve_entities([mention("a", "Jobs Numbers", kind="organization", start=10)])
    tweet = Quote(
        id="a:q1", article="a", kind="direct", text="Today's Jobs Numbers were RIGGED", start=2, end=34,
        zone="body", speaker=Speaker(name="Arlen Quist"), rule="test", confidence=1.0,
    )  # fmt: skip
    shown = Quote(
        id="a:q2", article="a", kind="indirect", text="the economy was sputtering", start=120, end=146,
        zone="body", speaker=Speaker(description="the numbers"), rule="test", confidence=1.0,
    )  # fmt: skip
    _, linked = link_speakers([tweet, shown], entities)
    assert linked.speaker.name is None
    (alone,) = link_speakers([shown], entities)
    assert alone.speaker.name == "Jobs Numbers"  # named outside quotations, it would be


def test_the_office_says_after_her_office_is_hers_not_the_office_another_article_names() -> None:
    """ "The office says" that speaks for the senator whose office the article named
    before is not the one "Office of ..." another article of the story names."""
    entities, _ = resolve_entities(
        [
            mention("a", "Dana Whitford", kind="person"),
            mention("b", "Office of the Harbor Comptroller", kind="organization", start=40),
        ]
    )
    whitford = next(e.id for e in entities if e.name == "Dana Whitford")

    def credited(article: str, represents: str | None) -> str | None:
        quote = Quote(
            id=f"{article}:q1", article=article, kind="indirect", text="the senator is resting", start=100, end=122,
            zone="body", speaker=Speaker(description="The office", represents=represents), rule="test", confidence=1.0,
        )  # fmt: skip
        (linked,) = link_speakers([quote], entities)
        return linked.speaker.name or linked.speaker.represents

    assert credited("a", "Dana Whitford") == whitford
    assert credited("b", None) == "Office of the Harbor Comptroller"  # named in the quote's own article
    assert credited("a", None) == "Office of the Harbor Comptroller"  # no one's office named before


def test_the_sheriffs_office_is_the_harlan_county_sheriffs_office_the_story_names() -> None:
    """A public body's shorter form ("the Sheriff's Office") is the one body of the story
    whose name ends so; with two such bodies it names neither."""
    one = entities_of(
        [
            mention("a", "Harlan County Sheriff’s Office", kind="organization"),
            mention("b", "Sheriff’s Office", kind="organization"),
        ]
    )
    assert one == {"Harlan County Sheriff’s Office": ("organization", {"a", "b"})}
    two = entities_of(
        [
            mention("a", "Harlan County Sheriff’s Office", kind="organization"),
            mention("a", "Perry County Sheriff’s Office", kind="organization", start=50),
            mention("b", "Sheriff’s Office", kind="organization"),
        ]
    )
    assert set(two) == {"Harlan County Sheriff’s Office", "Perry County Sheriff’s Office", "Sheriff’s Office"}


def test_trueline_is_the_trueline_student_transportation_the_story_names() -> None:
    """A one-word body's name is the one longer name of the story opening with it, unless
    the story uses the word for a place ("Westbrook" the city, "Westbrook Water Works")."""
    result = entities_of(
        [
            mention("a", "TrueLine Student Transportation", kind="organization"),
            mention("b", "TrueLine", kind="organization"),
            mention("c", "TrueLine", kind="organization"),
            mention("a", "Westbrook Water Works", kind="organization", start=60),
            mention("b", "Westbrook", kind="organization", start=60),
            mention("c", "Westbrook", kind="place", start=60),
        ]
    )
    assert result["TrueLine Student Transportation"] == ("organization", {"a", "b", "c"})
    assert result["Westbrook Water Works"] == ("organization", {"a"})


def test_the_states_department_of_insurance_is_the_one_its_state_names() -> None:
    """ "the state's Department of Insurance" is the "Vermont Department of Insurance" the
    story names; with two states' departments named, the bare name stays apart."""
    one = entities_of(
        [
            mention("a", "Vermont Department of Insurance", kind="organization"),
            mention("b", "Department of Insurance", kind="organization"),
            mention("b", "Vermont", kind="place", start=80),
        ]
    )
    assert one["Vermont Department of Insurance"] == ("organization", {"a", "b"})
    two = entities_of(
        [
            mention("a", "Ohio Department of Health", kind="organization"),
            mention("a", "Texas Department of Health", kind="organization", start=40),
            mention("b", "Department of Health", kind="organization"),
            mention("b", "Ohio", kind="place", start=80),
            mention("b", "Texas", kind="place", start=90),
        ]
    )
    assert two["Department of Health"] == ("organization", {"b"})


def test_keystone_is_the_keystone_shelter_services_each_article_named_first() -> None:
    """A one-word body's name is the one longer name opening with it when every article
    using the word named that body in full before it; not when an article uses it first."""
    result = entities_of(
        [
            mention("a", "Keystone Shelter Services", kind="organization"),
            mention("a", "Keystone", kind="organization", start=90),
            mention("b", "Keystone Shelter Services", kind="organization", start=10),
            mention("b", "Keystone", kind="organization", start=120),
            mention("a", "Harbor Outreach Network", kind="organization", start=200),
            mention("c", "Harbor", kind="organization", start=5),
            mention("c", "Harbor Outreach Network", kind="organization", start=50),
        ]
    )
    assert result["Keystone Shelter Services"] == ("organization", {"a", "b"})
    assert "Keystone" not in result
    assert result["Harbor"] == ("organization", {"c"})


def test_a_two_word_states_department_of_revenue_is_the_one_it_names() -> None:
    """ "the state's Department of Revenue" is the "South Dakota Department of Revenue"
    the story names: a place of two words before a body's name."""
    result = entities_of(
        [
            mention("a", "South Dakota Department of Revenue", kind="organization"),
            mention("b", "Department of Revenue", kind="organization"),
            mention("b", "South Dakota", kind="place", start=80),
        ]
    )
    assert result["South Dakota Department of Revenue"] == ("organization", {"a", "b"})


def test_marlow_creek_tagged_a_person_is_the_marlow_creek_press_the_story_names() -> None:
    """A company's name tagged a person ("Marlow Creek Press") and its first words alone
    ("Marlow Creek") are the company, one entity; "the PAC" is the one "... PAC"."""
    result = entities_of(
        [
            mention("a", "Marlow Creek Press", kind="organization"),
            mention("a", "Marlow Creek", kind="person", start=60),
            mention("b", "Marlow Creek Press", kind="person"),
            mention("c", "Marlow Creek", kind="organization", start=30),
            mention("a", "Red Mesa Values PAC", kind="organization", start=100),
            mention("b", "PAC", kind="organization", start=100),
        ]
    )
    assert sorted((kind, sorted(articles)) for kind, articles in result.values()) == [
        ("organization", ["a", "b"]),
        ("organization", ["a", "b", "c"]),
    ]
    assert set(result) <= {"Marlow Creek", "Marlow Creek Press", "Red Mesa Values PAC"}
