"""Sources and status of claim groups.

A claim's source is the party asserting it: its speaker, or whom the speaker speaks
for ("a spokeswoman for the governor" is the governor's voice), or the party whose
judgement an outlet reports ("The inspector general found ..."), or the outlet
stating it from its own reporting. Status, most severe first:

- `conflicting`: the accounts cannot all be true (`corroborate.assess.conflicts`:
  figures of one measure that cannot both hold, after rounding and the bounds each
  states; dates of one event; one account negating another's predicate);
- `disputed`: a named party denies it (a denying quote, or a denial the claims
  state, `corroborate.assess.denials`: "X has denied the allegations", "What he
  said is just flat wrong");
- `corroborated`: two or more independent sources, in two or more articles (one
  article is one report, however many people it quotes);
- `single_source`: one source, however many outlets or channels carry it.

Independent sources are counted by who asserts, not by who prints: one person
however each outlet names them ("John Boehner", "John A. Boehner"), a speaker's
words an outlet prints without attribution, an outlet's report another outlet
repeats ("The New York Times reported ..."), and a copied passage are one source;
articles of unknown outlet count together as one (an unknown outlet never
corroborates on its own: it may be any of the others' copy). A speaker's statement
of their own intent or position ("he would not seek re-election", or an outlet's
"tweeted that she "will always ..."") is the act each outlet reporting it attests:
those outlets are its sources.

`assess_claims` gives each group of `corroborate.align.claims.group_claims` its
sources, conflicts, denials and status, and the evidence of each."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from corroborate.align.claim_features import event_key
from corroborate.align.claims import ClaimClusters
from corroborate.align.differences import content_words
from corroborate.align.figure_pairs import near_figures
from corroborate.assess.conflicts import find_conflicts, negates
from corroborate.assess.denials import bare_denial, find_denials
from corroborate.assess.documents import dating_clause, document_sources, sentence_bounds
from corroborate.assess.origins import UNKNOWN_OUTLETS, article_label
from corroborate.assess.principals import organisations_led, principals, speaks_for_another
from corroborate.assess.source_keys import folded_outlet, name_words, organisation_keys, person_name_key, short_names_as_full
from corroborate.model import Article, Citation, Claim, ClaimGroup, Copy, Entity
from corroborate.nlp.dates import published_date
from corroborate.nlp.names import acronyms_of

# A denial most of a group's claims resemble this closely disputes the group.
_MIN_DISPUTE_COSINE = 0.5
# An outlet printing this share of a speaker's claim's words prints the speaker's statement.
_REPEATS = 0.8
# A speaker's statement of their own intent or position ("he would not seek
# re-election", "he opposes civil unions", "I have the same view", "she is
# resigning"): what the speaker does or holds, which each outlet reporting the
# statement attests. Their account of the past ("he never met her", "she was
# fired") or of what they are ("he is innocent") still rests on their word.
_OWN_ACT = re.compile(
    r"^[\s\"'“‘(]*(?:(?:but|and|that|so|now)\s+)?(?P<pronoun>I|he|she)\s+(?:(?:\w+ly|also|still|now|not)\s+)?"
    r"(?:(?:would|will|wo|shall|is going to|am going to|plans|plan|intends|intend|wants|want|hopes|hope|has decided|"
    r"have decided|decided)\b|(?:is|am)\s+(?:not\s+)?\w+ing\b|['’](?:ll|d)\b|(?P<present>[a-z]+))",
    re.I,
)
# The same statement of intent reported in an outlet's sentence: "tweeted that she
# "will always speak ..."", "proclaiming that "I will ..."": the speaker's act.
_REPORTED_INTENT = re.compile(
    r"\bthat\s+[\"“‘']?(?P<pronoun>I|he|she)\s+[\"“‘']?(?:(?:\w+ly|also|still|not)\s+)?"
    r"(?:would|will|shall|is going to|am going to|plans to|intends to|has decided to)\b"
)
# Present tenses that state no position: "he was", "he has", "he does", "I had" ...
_NOT_POSITIONS = frozenset("was is has does says".split())
_FIRST_PERSON_POSITIONS = frozenset(
    "have support oppose believe think favor favour stand remain agree disagree reject accept intend plan hope want".split()
)
# Verbs of a party's judgement an outlet reports in its own voice ("The inspector
# general found no evidence ..."): the finding rests on that party, however many
# outlets print it. Verbs of enactment ("announced", "issued") stay the outlets' report.
_JUDGING = re.compile(
    r"\b(?:found|finds|concluded|concludes|determined|determines|criticized|criticised|criticizes|faulted|faults|"
    r"blamed|blames|estimated|estimates|counted|counts|tallied|tallies|certified|certifies|calculated|calculates)\b"
    r"(?!\s+(?:on|upon)\b)|"
    # a judge's stance: "The inspector general was deeply troubled by the texts"
    r"\b(?:was|were|is|are)\s+[\"“]?(?:\w+ly\s+)?(?:troubled|disturbed|concerned)\b"
)
_JUDGE_TRIM = re.compile(
    r"^(?:the|a|an)\s+|(?:['’]s)?\s+(?:report|reports|review|audit|study|investigation|inquiry)$|"
    r"\s+(?:\w+ly|also|meanwhile|later|then|has|have|had)$",
    re.I,
)
_JUDGING_PREDICATES = frozenset(
    "find conclude determine criticize criticise fault blame estimate trouble disturb concern count tally certify "
    "calculate".split()
)
# An office's holder, not the office: "DOJ's inspector general", "the city's auditor".
# Kept when the office is named in two words or more ("the city's leader" stays).
_POSSESSOR_OF_JUDGE = re.compile(r"^(?:but|and|yet)\s+|^[\w.]+['’]s\s+(?=[a-z]+\s+[a-z])", re.I)
_MAX_JUDGE_WORDS = 5
_TOPIC = re.compile(r"\s+(?:on|about|into|against|over|regarding|concerning|involving)\s+", re.I)
_PASSIVE = re.compile(r"\b(?:been|was|were|is|are|be|being|get|gets|got)\s+(?:\w+\s+)?$", re.I)
_PRONOUNS = frozenset("he she they it we i you this that".split())
_QUOTE_MARKS = "\"“”'‘’"


def status_of(conflicts: Sequence[object], disputed_by: Sequence[str], sources: Sequence[str]) -> str:
    """The most severe status that holds; `sources` are the independent sources."""
    if conflicts:
        return "conflicting"
    if disputed_by:
        return "disputed"
    return "corroborated" if len(set(sources)) >= 2 else "single_source"


def assess_claims(
    clusters: ClaimClusters,
    claims: Sequence[Claim],
    articles: Sequence[Article],
    entities: Sequence[Entity],
    copies: Sequence[Copy] = (),
    utterances: Mapping[str, str] | None = None,
    citations: Sequence[Citation] = (),
) -> list[ClaimGroup]:
    """The claim groups of a story: each cluster with its outlets, sources (a copied
    passage is its source article's reporting), conflicts, the named parties who
    dispute it, and its status. `utterances` (quote id -> its quote group) tells which
    claims carry one utterance: however each outlet credits it, one source;
    `citations` (the story's) tell which claims an outlet takes from another's report."""
    outlets = {a.id: article_label(a) for a in articles}
    claims_of: dict[str, list[Claim]] = {}
    for claim in claims:
        claims_of.setdefault(claim.article, []).append(claim)
    copied_from = {  # claim id -> the article its passage was copied from
        c.id: copy.source
        for copy in copies
        for c in claims_of.get(copy.article, [])
        if copy.start <= c.start and c.end <= copy.end and copy.source in outlets
    }
    names = {e.id: e.name for e in entities}
    kinds = {e.id: e.kind for e in entities}
    person_key = {e.id: person_name_key(e.name) for e in entities if e.kind == "person"}
    person_key.update(organisation_keys(entities))
    known = {a.id for a in articles if a.outlet}
    wires = {a.id: a.credit for a in articles if a.credit}
    published = {a.id: day for a in articles if (day := published_date(a.published)) is not None}
    texts = {a.id: a.text for a in articles}
    outlet_names = {folded_outlet(a.outlet): a.outlet for a in articles if a.outlet}
    person_key.update(
        {e.id: outlet_names[n] for e in entities for n in map(folded_outlet, (e.name, *e.aliases)) if n in outlet_names}
    )
    judges = _judges(claims, entities, names, person_key, texts)
    # (the sentence of each claim no speaker asserts: where it may cite a document or a report)
    bounds = {c.id: sentence_bounds(texts.get(c.article, ""), c) for c in claims if c.by is None}
    owner = _owner_party(entities, person_key, judges)
    # (and a speaker relaying a document's finding in the claim's own words: the document's)
    records, relayed, held = document_sources(claims, texts, owner, bounds, {c.id: (c.start, c.end) for c in claims if c.by})
    documents = {**_reported_by(claims, citations, outlets, bounds, texts), **records, **relayed}
    own = {
        c.id
        for c in claims
        if c.by
        and (_own_act(c, texts.get(c.article, ""), kinds.get(c.by)) or (kinds.get(c.by) == "person" and _reported_intent(c)))
    }
    party = principals(entities)
    denials = {index: party.get(entity, entity) for index, entity in clusters.denials.items()}
    denied = find_denials(claims, entities, texts, party)
    cosine = clusters.cosine
    # A claim only one article states is listed when a named party disputes it ("And
    # Nancy said, We're not looking to impeach you." / "aides disputed that
    # characterization"): what a fact-checker must see, whoever else reports it.
    disputed_lone = [g for g in clusters.lone if any(i in denied or i in denials for i in g)]
    ordered = sorted([*clusters.groups, *disputed_lone], key=lambda g: (claims[g[0]].article, claims[g[0]].start))
    groups = [[claims[i] for i in indices] for indices in ordered]
    index_of = {c.id: i for i, c in enumerate(claims)}
    forms = {e.id: {f.casefold() for f in (e.name, *e.aliases)} for e in entities}
    spokespeople = {e.id for e in entities if e.kind == "person" and speaks_for_another(e)}
    negations = _self_negations(claims, party, forms, spokespeople)
    led = {
        person_key.get(person, names[person].casefold()): (names[body], person_key.get(body, names[body].casefold()))
        for person, body in organisations_led(entities).items()
    }
    story_names = {name_words(e.name) for e in entities} | {name_words(label) for label in outlets.values()}
    result = []
    for number, group in enumerate(groups, start=1):
        members = {index_of[c.id] for c in group}
        asserted = _asserting(group, party, names, outlets, copied_from, person_key, known, own, judges, wires, documents)
        asserted = _one_credit_per_utterance([c for c in group if c.by and c.id not in own], asserted, utterances or {})
        asserted = _restating_records(group, asserted, records, outlets)
        asserted = _restating_own_sources(group, asserted, outlets, own, documents)
        asserted = _through_cited_reports(group, asserted, outlets)
        asserted = _holders_as_owners(asserted, held)
        asserted = _officers_as_bodies(asserted, led)
        asserted = short_names_as_full(asserted, story_names)
        sources = tuple(dict.fromkeys(label for label, _ in asserted.values()))
        independent = tuple(dict.fromkeys(key for _, key in asserted.values()))
        conflicts = find_conflicts(group, published)
        disputed_by = _disputes(members, denials, cosine, sources, names, claims)
        found = {i: denied[i] for i in sorted(members & denied.keys())}
        disputed_by = tuple(dict.fromkeys([*disputed_by, *(names.get(d, d) for d, _ in found.values())]))
        negated = _negated_by_its_subject(group, negations, party, forms, names)
        disputed_by = tuple(dict.fromkeys([*disputed_by, *(name for name, _, _ in negated)]))
        # One article's sentences are one report, however many people it quotes: a
        # claim rests on several origins only when two articles carry it.
        one_report = len({c.article for c in group}) == 1
        status = status_of(conflicts, disputed_by, independent[:1] if one_report else independent)
        result.append(
            ClaimGroup(
                id=f"cg{number}",
                claims=tuple(c.id for c in group),
                status=status,
                outlets=tuple(dict.fromkeys(outlets[c.article] for c in group)),
                sources=sources,
                independent_sources=len(independent),
                conflicts=tuple(conflicts),
                disputed_by=disputed_by,
                evidence=tuple({"claim": c.id, "article": c.article, "text": c.text} for c in group),
                denials=_denial_evidence(claims, denials, found, names, disputed_by, negated),
                source_claims=tuple(
                    {"source": key, "claims": [c.id for c in group if asserted[c.id][1] == key]} for key in independent
                ),
                status_reason=_reason(
                    status, conflicts, disputed_by, independent, outlets[group[0].article] if one_report else None
                ),
            )
        )
    return result


def _self_negations(
    claims: Sequence[Claim], party: Mapping[str, str], forms: Mapping[str, set[str]], spokespeople: set[str]
) -> list[tuple[Claim, str]]:
    """The negated claims a party states of itself, with that party (an entity id):
    "Vantner has not received any state tax credits" in Vantner's or its spokeswoman's
    words; a spokeswoman the article gives no principal speaks for the one party her
    subject names ("Tamarack Health has not paid a ransom," spokeswoman X said)."""
    found = []
    for claim in claims:
        if not (claim.negated and claim.by and claim.subject):
            continue
        speaker = party.get(claim.by, claim.by)
        if not _names_party(claim.subject, speaker, forms):
            named = [e for e in forms if _names_party(claim.subject, e, forms)]
            if speaker not in spokespeople or speaker != claim.by or len(named) != 1:
                continue
            speaker = named[0]
        found.append((claim, speaker))
    return found


def _negated_by_its_subject(
    group: Sequence[Claim],
    negations: Sequence[tuple[Claim, str]],
    party: Mapping[str, str],
    forms: Mapping[str, set[str]],
    names: Mapping[str, str],
) -> list[tuple[str, Claim, Claim]]:
    """The parties who say of themselves (`negations`, from `_self_negations`) the
    negation of what this group says of them ("Vantner has not received any state tax
    credits" of "Vantner received $4.8 million in tax credits"): the party the claim is
    about disputes it, in whichever group its own words fall. (party, its negation, the
    claim it negates). A denial in the fewest words ("The senator did not fall") negates
    the claim of that act however it is told (`denials.bare_denial`)."""
    found = []
    members = {c.id for c in group}
    for negation, speaker in negations:
        if negation.id in members:
            continue
        for claim in group:
            if (
                not claim.negated
                and claim.by != negation.by
                and party.get(claim.by or "", claim.by) != speaker
                and event_key(claim) == event_key(negation)
                and _names_party(claim.subject, speaker, forms)
                and (negates(claim, negation) or bare_denial(claim, negation, forms.get(speaker, set())))
            ):
                found.append((names.get(speaker, speaker), negation, claim))
                break
    return found


def _names_party(subject: str | None, party: str, forms: Mapping[str, set[str]]) -> bool:
    """Whether a claim's subject names the party: one of its names, or one's first words
    ("Vantner" of "Vantner Appliance Company"), or a fuller form of one ("Tamarack Health"
    of "Tamarack")."""
    if not subject:
        return False
    folded = subject.casefold()
    return any(
        form == folded or form.startswith(f"{folded} ") or folded.startswith(f"{form} ") for form in forms.get(party, set())
    )


def _restating_records(
    group: Sequence[Claim],
    asserted: dict[str, tuple[str, str]],
    documents: Mapping[str, tuple[str, str]],
    outlets: Mapping[str, str],
) -> dict[str, tuple[str, str]]:
    """An outlet stating in its own voice, unattributed, the figures another outlet
    takes from a document ("Brandvold paid Marsh $46,000 in cash" / "According to court
    records, Brandvold paid Marsh $46,000"): its figures are that record's, not its own
    finding. Only one document in the group (not another outlet's report: a figure the
    outlets all print may be public knowledge), and only a claim sharing one of its figures."""
    cited = {documents[c.id] for c in group if c.id in documents and not c.by}
    if len(cited) != 1:
        return asserted
    [document] = cited
    figures = [q for c in group if c.id in documents for q in c.quantities]
    result = dict(asserted)
    for claim in group:
        own_voice = not claim.by and claim.id not in documents and asserted[claim.id][0] == outlets[claim.article]
        if own_voice and any(near_figures(q, f) for q in claim.quantities for f in figures):
            result[claim.id] = document
    return result


def _restating_own_sources(
    group: Sequence[Claim],
    asserted: dict[str, tuple[str, str]],
    outlets: Mapping[str, str],
    own: set[str],
    documents: Mapping[str, tuple[str, str]],
) -> dict[str, tuple[str, str]]:
    """An outlet's unattributed line ("Overtime spending has run out of control") in
    an article that, in the same group, takes the claim from one document ("The audit
    found the department spent $38.6 million on overtime") restates that document: the
    article names where it got the claim, so its own voice is no second origin. Not a
    speaker's words: an outlet may witness what a speaker also says."""
    result = dict(asserted)
    for article in dict.fromkeys(c.article for c in group):
        label = outlets[article]
        mine = [c for c in group if c.article == article]
        cited = {asserted[c.id] for c in mine if c.id in documents and c.id not in own and asserted[c.id][0] != label}
        if len(cited) != 1:
            continue
        [document] = cited
        for claim in mine:
            if not claim.by and claim.id not in documents and asserted[claim.id][0] == label:
                result[claim.id] = document
    return result


def _through_cited_reports(
    group: Sequence[Claim], asserted: dict[str, tuple[str, str]], outlets: Mapping[str, str]
) -> dict[str, tuple[str, str]]:
    """A claim an outlet credits to another outlet's report ("The New York Times reported,
    citing the same study") rests on what that report rests on, when the cited outlet's
    article is in the story and credits the claim to one origin ("The study found")."""
    by_outlet: dict[str, list[Claim]] = {}
    for claim in group:
        by_outlet.setdefault(folded_outlet(outlets[claim.article]), []).append(claim)
    result = dict(asserted)
    for claim in group:
        label, _ = asserted[claim.id]
        cited = folded_outlet(label)
        if cited == folded_outlet(outlets[claim.article]) or cited not in by_outlet:
            continue
        origins = {asserted[c.id] for c in by_outlet[cited] if folded_outlet(asserted[c.id][0]) != cited}
        if len(origins) == 1:
            result[claim.id] = next(iter(origins))
    return result


def _holders_as_owners(asserted: dict[str, tuple[str, str]], held: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """What the outlet that obtained or first published a document reports ("according
    to Nordposten", of the cable Nordposten published) is that document's: one origin
    with its owner. A holder matches a key it ends ("Sentinel", "Port Meridian Sentinel")."""
    if not held:
        return asserted

    def owner(key: str) -> tuple[str, str] | None:
        return next((o for h, o in held.items() if key == h or h.endswith(f" {key}") or key.endswith(f" {h}")), None)

    return {claim: owner(key) or (label, key) for claim, (label, key) in asserted.items()}


def _officers_as_bodies(asserted: dict[str, tuple[str, str]], led: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """A body's chair or head and the body itself asserting one claim are one origin
    ("the board has said" / its chairwoman said): only when both are among the claim's
    sources, so an officer's own view stays theirs elsewhere."""
    keys = {key for _, key in asserted.values()}
    return {claim: led[key] if key in led and led[key][1] in keys else (label, key) for claim, (label, key) in asserted.items()}


def _one_credit_per_utterance(
    group: Sequence[Claim], asserted: dict[str, tuple[str, str]], utterances: Mapping[str, str]
) -> dict[str, tuple[str, str]]:
    """One utterance credited to two people by two outlets (attribution drift: "the fire
    chief said" / "the mayor said") is one origin, not two independent sources: every
    claim of `group` (those a speaker asserts, not the outlets as witnesses of the
    speaker's own act) carrying it is asserted by its most frequent credit (the first,
    in a tie)."""
    carried: dict[str, list[str]] = {}
    for claim in group:
        if claim.quote is not None and claim.quote in utterances and claim.id in asserted:
            carried.setdefault(utterances[claim.quote], []).append(claim.id)
    result = dict(asserted)
    for ids in carried.values():
        credits = Counter(asserted[i] for i in ids)  # (ties: most_common keeps the first counted)
        if len({key for _, key in credits}) > 1:
            result.update(dict.fromkeys(ids, credits.most_common(1)[0][0]))
    return result


def _denial_evidence(
    claims: Sequence[Claim],
    denials: dict[int, str],
    found: dict[int, tuple[str, int]],
    names: dict[str, str],
    disputed_by: Sequence[str],
    negated: Sequence[tuple[str, Claim, Claim]] = (),
) -> tuple[dict[str, Any], ...]:
    """The denials behind a `disputed`: a denying quote (claim, text, denier), and a
    denial found in the claims, or a party's negation of what is said of it, with the
    claim it denies (`denies`)."""

    def entry(claim: Claim, by: str, **more: str) -> dict[str, Any]:
        return {
            "claim": claim.id,
            "article": claim.article,
            "text": claim.text,
            "by": by,
            "span": [claim.start, claim.end],
            **more,
        }

    quoted = [entry(claims[i], names.get(d, d)) for i, d in sorted(denials.items()) if names.get(d, d) in disputed_by]
    stated = [entry(claims[at], names.get(d, d), denies=claims[i].id) for i, (d, at) in found.items()]
    negating = [entry(negation, name, denies=claim.id) for name, negation, claim in negated]
    return (*quoted, *stated, *negating)


def _reason(
    status: str,
    conflicts: Sequence[dict[str, Any]],
    disputed_by: Sequence[str],
    independent: Sequence[str],
    one_report: str | None = None,
) -> str:
    if status == "conflicting":
        first = conflicts[0]
        return f"{first['a_text']!r} and {first['b_text']!r} cannot both hold"
    if status == "disputed":
        return f"denied by {', '.join(disputed_by)}"
    if status == "corroborated":
        return f"{len(independent)} independent sources: {', '.join(independent)}"
    if one_report is not None and len(independent) > 1:
        return f"one report ({one_report}), quoting {', '.join(independent)}"
    return f"one source: {independent[0]}" if independent else "one source"


def _own_act(claim: Claim, article_text: str, kind: str | None) -> bool:
    """A speaker's statement whose subject is the speaker: "I ..." in their words, or
    "he"/"she" in reported speech of a person ("said he would not run")."""
    found = _OWN_ACT.match(claim.text)
    if found is None:
        return False
    if (present := found.group("present")) is not None:
        # "he opposes", "I have": a position in the present; not "he was", "I had", "he denied"
        verb = present.casefold()
        if not (verb in _FIRST_PERSON_POSITIONS if found.group("pronoun") == "I" else verb.endswith("s")):
            return False
        if verb in _NOT_POSITIONS:
            return False
    if found.group("pronoun").casefold() == "i":
        return found.group("pronoun") == "I"
    mark = article_text[max(0, claim.start - 2) : claim.start].strip()[-1:] or claim.text[:1]
    quoted = mark != "" and mark in _QUOTE_MARKS
    return kind == "person" and not quoted


def _reported_intent(claim: Claim) -> bool:
    """An outlet's sentence reporting the speaker's statement of their own intent:
    "Voss, doubling down, tweeted that he "will always fight"" ("I" only in their words)."""
    for found in _REPORTED_INTENT.finditer(claim.text):
        if found.group("pronoun") != "I" or claim.text[found.start("pronoun") - 1 : found.start("pronoun")] in _QUOTE_MARKS:
            return True
    return False


def _party_mentions(entities: Sequence[Entity]) -> dict[str, list[tuple[int, int, str]]]:
    """Article -> (start, end, entity id) of each mention of a person or body (not a place)."""
    mentions: dict[str, list[tuple[int, int, str]]] = {}
    for e in entities:
        for m in e.mentions if e.kind != "place" else ():
            mentions.setdefault(m.article, []).append((m.start, m.end, e.id))
    return mentions


def _judges(
    claims: Sequence[Claim],
    entities: Sequence[Entity],
    names: dict[str, str],
    person_key: dict[str, str],
    texts: dict[str, str],
) -> dict[str, tuple[str, str]]:
    """Claim id -> (label, independence key) of the party whose judgement an outlet
    reports in its own voice: the subject of a judging verb, an entity named there
    or the words naming it ("The IG ultimately found", "The inspector general, who
    uncovered the messages, found"); an acronym and the words it abbreviates are one,
    and so are the words and the person a text names beside them."""
    mentions = _party_mentions(entities)
    found: dict[str, tuple[str, str]] = {}
    for claim in claims:
        if claim.by or claim.predicate not in _JUDGING_PREDICATES or (verb := _JUDGING.search(claim.text)) is None:
            continue
        before = claim.text[: verb.start()]
        if _PASSIVE.search(before):
            continue  # "Clinton has been criticized by ...": the one judged, not the judge
        if not claim.text[verb.end() :].strip(" .\"”’'"):
            subject = before.rsplit(",", 1)[-1].strip()  # after what it judges: "..., the Lantern found."
        else:
            subject = re.sub(r",[^,]*,", "", before).rsplit(",", 1)[-1].strip()  # no aside, no opening phrase
        subject = re.split(r"\s(?:[—–]|--)\s", subject)[-1]  # no dateline ("COLUMBUS, Ohio — A federal jury")
        # Whom the subject is about is no judge: "The auditor's review of Voss found ..."
        subject_at = max(0, before.rfind(subject))
        subject = _TOPIC.split(subject, maxsplit=1)[0].strip()
        subject_end = subject_at + len(subject)
        for _ in range(3):
            subject = _JUDGE_TRIM.sub("", subject).strip()
            subject = _POSSESSOR_OF_JUDGE.sub("", subject).strip()
        if not subject or subject.casefold() in _PRONOUNS:
            continue
        named = [
            (en, e)
            for st, en, e in mentions.get(claim.article, [])
            if claim.start + subject_at <= st
            and en <= claim.start + verb.start()
            and (en <= claim.start + subject_end or re.fullmatch(r",\s*", claim.text[subject_end : st - claim.start]))
        ]  # in the subject, or apposed to it ("The IG, Michael Horowitz, found")
        if not named and len(subject.split()) > _MAX_JUDGE_WORDS:
            continue  # (a long subject names its judge: "Santa Ysela City Clerk Teresa Villanueva")
        if named:
            entity = max(named)[1]  # the one named nearest the verb
            label = names.get(entity, entity)
            found[claim.id] = (label, person_key.get(entity, label.casefold()))
        elif subject.split()[0][:1].isupper() or len(subject.split()) > 1:
            found[claim.id] = (subject, subject.casefold())
    initials = {"".join(w[0] for w in key.split()): key for _, key in found.values() if len(key.split()) > 1}
    found = {c: (label, initials.get(key, key)) for c, (label, key) in found.items()}
    named_as = _apposed({key for _, key in found.values() if " " in key}, entities, texts, names, person_key)
    return {c: (label, named_as.get(key, key)) for c, (label, key) in found.items()}


# Cues of taking words from another outlet's reporting; not "published by X" (that the
# outlet published something is the event several outlets report).
_REPORTING_CITE = re.compile(r"report|according to|broke", re.I)


def _reported_by(
    claims: Sequence[Claim],
    citations: Sequence[Citation],
    outlets: Mapping[str, str],
    bounds: Mapping[str, tuple[int, int]],
    texts: Mapping[str, str],
) -> dict[str, tuple[str, str]]:
    """Claim id -> (label, key) of the outlet whose report the claim's sentence cites
    ("was first reported last Thursday by the Capitol Ledger, which found that ...",
    "according to Nordposten"): another outlet's report is its origin. A story's own
    outlet cited is that outlet's source key, so the report and its restatement are one."""
    by_article: dict[str, list[Citation]] = {}
    for citation in citations:
        if not citation.is_self and _REPORTING_CITE.search(citation.text):
            by_article.setdefault(citation.article, []).append(citation)
    own = {folded_outlet(label): label for label in outlets.values()}
    found = {}
    for claim in claims:
        if claim.id not in bounds or claim.article not in by_article:
            continue
        start, end = bounds[claim.id]
        text = texts.get(claim.article, "")
        cited = [
            c for c in by_article[claim.article]
            if start <= c.start and c.end <= end and not _reporting_is_the_claim(c, text, end) and not dating_clause(text, c.start)
        ]  # fmt: skip
        if cited:
            name = cited[0].cites
            found[claim.id] = (name, own.get(folded_outlet(name), name.casefold()))
    return found


# "The sales were first reported by the Ledger.": the report is what the sentence states
# (not "Voss lobbied for it, as first reported by the Ledger.").
_REPORTED_BY = re.compile(r"^(?:(?:first|originally|initially)\s+)?reported\b", re.I)
_PASSIVE_BEFORE = re.compile(r"\b(?:was|were|is|are|been)\s+(?:(?:first|originally|initially|also)\s+)?$", re.I)


def _reporting_is_the_claim(citation: Citation, text: str, sentence_end: int) -> bool:
    """Whether a sentence only states that an outlet reported something ("The trades were
    first reported on Monday by the Ledger."): each outlet saying so is a witness of that
    report, not taking its words from it."""
    return (
        bool(_REPORTED_BY.match(citation.text))
        and bool(_PASSIVE_BEFORE.search(text[max(0, citation.start - 30) : citation.start]))
        and not text[citation.end : sentence_end].strip(" .,;:!?\"”’'")
    )


def _owner_party(
    entities: Sequence[Entity], person_key: dict[str, str], judges: dict[str, tuple[str, str]]
) -> Callable[[str, str, int, int], tuple[str, str] | None]:
    """How a document's owner is resolved to a party of the story: an entity named in the
    owner's words (the last), an organisation its acronym abbreviates ("the OCE report"),
    or a judge whose words end it ("the agency inspector general's report")."""
    mentions = _party_mentions(entities)
    by_id = {e.id: e for e in entities}
    by_acronym: dict[str, set[str]] = {}
    for e in entities:
        if e.kind in ("organization", "group"):
            for name in (e.name, *e.aliases):
                for acronym in acronyms_of(name):
                    by_acronym.setdefault(acronym, set()).add(e.id)
    judged = {label.casefold(): (label, key) for label, key in judges.values()}
    organisations = [e for e in entities if e.kind in ("organization", "group")]

    def party(entity: Entity) -> tuple[str, str]:
        return entity.name, person_key.get(entity.id, entity.name.casefold())

    def resolve(article: str, owner: str, start: int, end: int) -> tuple[str, str] | None:
        inside = [(s, e) for s, en, e in mentions.get(article, []) if start <= s and en <= end]
        if inside:
            return party(by_id[max(inside)[1]])
        if owner.isupper() and len(ids := by_acronym.get(owner.casefold(), set())) == 1:
            return party(by_id[next(iter(ids))])
        # a short name of an organisation the story names in full: "The Harlow report"
        opening = [e for e in organisations if any(n.casefold().startswith(f"{owner.casefold()} ") for n in (e.name, *e.aliases))]
        if owner[:1].isupper() and len(opening) == 1:
            return party(opening[0])
        folded = owner.casefold()
        if folded in _BODY_WORDS:
            # "a report the department released": the story's one department
            bodies = [e for e in organisations if any(folded in n.casefold().split() for n in (e.name, *e.aliases))]
            if len(bodies) == 1:
                return party(bodies[0])
        return next((found for label, found in judged.items() if folded == label or folded.endswith(f" {label}")), None)

    return resolve


# Common nouns an owner is named by on second reference ("the department's report").
_BODY_WORDS = frozenset(
    "department agency ministry bureau office commission board council authority institute alliance association "
    "coalition union foundation federation society".split()
)


def _apposed(
    phrases: set[str], entities: Sequence[Entity], texts: dict[str, str], names: dict[str, str], person_key: dict[str, str]
) -> dict[str, str]:
    """Phrase -> the independence key of the one entity a text names beside it ("the
    inspector general, Michael E. Horowitz," / "Horowitz, the inspector general")."""
    found: dict[str, set[str]] = {}
    for entity in entities:
        for m in entity.mentions:
            text = texts.get(m.article, "")
            before = text[max(0, m.start - 60) : m.start].casefold()
            after = text[m.end : m.end + 60].casefold()
            for phrase in phrases:
                if before.endswith(f"{phrase}, ") or re.match(rf",\s+(?:the\s+)?{re.escape(phrase)}\b", after):
                    found.setdefault(phrase, set()).add(entity.id)
    return {
        phrase: person_key.get(entity, names.get(entity, entity).casefold())
        for phrase, ids in found.items()
        if len(ids) == 1
        for entity in ids
    }


def _asserting(
    group: Sequence[Claim],
    party: dict[str, str],
    names: dict[str, str],
    outlets: dict[str, str],
    copied_from: dict[str, str],
    person_key: dict[str, str],
    known: set[str],
    own: set[str] = frozenset(),  # type: ignore[assignment]
    judges: dict[str, tuple[str, str]] | None = None,
    wires: dict[str, str] | None = None,
    documents: dict[str, tuple[str, str]] | None = None,
) -> dict[str, tuple[str, str]]:
    """Claim id -> (the asserting party's label, its independence key). A claim an
    outlet prints without attribution but in a speaker's words (another member of
    the group credited to a speaker shares _REPEATS of its words) is the speaker's.
    A speaker's statement of their own act or position (`own`) is asserted by each
    outlet reporting it: the outlets are its witnesses. An article running a wire's
    report (`wires`: article id -> `Article.credit`) states it as the wire's: outlets
    carrying one wire's report are one source; a claim its sentence takes from a document
    (`documents`), or a speaker relays from one in its own words, is the document's owner's."""
    spoken = [c for c in group if c.by]
    result = {}
    for claim in group:
        speaker = claim
        if not claim.by:
            mine = content_words(claim.text, expand=True)
            for other in spoken:
                theirs = content_words(other.text, expand=True)
                if mine and theirs and len(mine & theirs) >= _REPEATS * min(len(mine), len(theirs)):
                    speaker = other
                    break
        if speaker.by and documents and speaker.id in documents:
            result[claim.id] = documents[speaker.id]  # a speaker relaying a document's finding
        elif speaker.by and speaker.id not in own:
            by = party.get(speaker.by, speaker.by)
            label = names.get(by, by)
            result[claim.id] = (label, person_key.get(by, label.casefold()))
        elif documents and claim.id in documents:
            result[claim.id] = documents[claim.id]
        elif judges and claim.id in judges:
            result[claim.id] = judges[claim.id]
        else:
            # A copied passage is its source article's reporting; an article of unknown
            # outlet is one of "the outlets unknown" whether it was copied or not.
            source = copied_from.get(claim.id, claim.article)
            label = outlets[source]
            if wire := (wires or {}).get(source):
                result[claim.id] = (f"{label} ({wire})", wire)
            else:
                result[claim.id] = (label, label if source in known else UNKNOWN_OUTLETS)
    return result


def _one_event(a: Claim, b: Claim) -> bool:
    """Whether two claims may state one class of event: the same, or one unknown."""
    ka, kb = event_key(a), event_key(b)
    return ka is None or kb is None or ka == kb


def _disputes(
    members: set[int],
    denials: dict[int, str],
    cosine: dict[tuple[int, int], float],
    sources: Sequence[str],
    names: dict[str, str],
    claims: Sequence[Claim] = (),
) -> tuple[str, ...]:
    """Named parties denying this group's claim: a denial among its members, or a
    denial outside it that most of its members resemble (cosine >= _MIN_DISPUTE_COSINE)
    and state its class of event ("asked for her recall" disputes no "she has not
    commented on her recall", however alike the words)."""
    disputing = []
    for index, denier in denials.items():
        name = names.get(denier, denier)
        if index in members:
            # A denial carried in the group: what it denies is disputed, even when
            # only the denial is reported ("the company denied that it skipped ...").
            disputing.append(name)
            continue
        close = sum(
            1
            for m in members
            if cosine.get((min(m, index), max(m, index)), 0.0) >= _MIN_DISPUTE_COSINE
            and (not claims or _one_event(claims[m], claims[index]))
        )
        if close * 2 > len(members):
            disputing.append(name)
    return tuple(dict.fromkeys(disputing))
