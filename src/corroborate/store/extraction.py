"""The store's cache of the per-article unit (`corroborate.pipeline`): what makes a
cached extraction or a stored story still valid (fingerprints and versions), and an
extraction serialised to and from the cache's `data` column.

Imported by the ingest process, which never parses: the pipeline and the extractors'
records (and spaCy with them) are imported only where an extraction is made or read
back, in a worker."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.metadata
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from corroborate._version import __version__
from corroborate.model import Article, Claim, Notice, Quote, article_key
from corroborate.settings import Settings
from corroborate.store.rows import article_json

if TYPE_CHECKING:
    from corroborate.pipeline import ArticleExtraction

__all__ = ["EXTRACTION_VERSION", "STORY_STAGE_VERSION", "CachedExtraction", "article_key", "cached_extraction",
           "extraction_from_json", "extraction_json", "extractor_fingerprint", "story_fingerprint"]  # fmt: skip

# Bump when the per-story stage changes in a way a cached story must not survive.
STORY_STAGE_VERSION = (
    "90"  # 3: figure words are no shared words of a claim; a claim carries only its part of a quote; 4: claims join by
    # event; 5: clause-level quote groups, origins by channel, denials and conflicts, claim pairs gated by meaning;
    # 6: a claim may be in two claim groups (claims.other_claim_groups); 7: the ledes' own group, a lede in a
    # detail's group too; 8: one subject by its last word ("Michael G. Grimm" / "Michael Grimm"); 9: articles of
    # unknown outlet are one source of claims and one channel of quotes, a passage copied from one too; "none",
    # "nobody", "nothing" negate an account as "not" does (no negation conflict between two denials); two
    # parties' figures or acts are no conflict; 10: figures counting two acts are no conflict; 11: nor two
    # parties' acts dated apart; 12: a partial quote beside "denying" carries no denial; 13: claims sharing a
    # dated act in any clause join by event; 14: a negation stated as a wish or aim conflicts with nothing, nor
    # the acts of two parties told by common nouns or by a name against others' names; 15: nor two accounts
    # "needing"; 16: nor figures of two places, or of one named party against others; 17: one list of negation words
    # (`lexicon.NEGATION_WORDS`) for conflicts and quote differences ("cannot", "without"); 18: figures of reports
    # days apart, and dates as written alike, are no conflict; 19: the alignment's joins need half the pairs across
    # linked (its own pairs count); 20: an article running a wire's report (its credit) states it as the wire's;
    # 21: an acronym is one participant with or without its dots, a day inside another's week is an event's detail;
    # 22: the alignment's bar at the top of the stories' plateau (0.4 with embeddings, 0.25 by words); 23: a poll's
    # margin of error and a count's window ("of the past nine") are no figure conflict; 24: names' last words keyed
    # as organisations' (`names.organisation_key`: accents and punctuation folded); 25: nor figures of two accounts
    # naming no one in common where neither names who acts; 26: nor counts since different points in time;
    # 27: nor a span of time against an offset, or offsets before and after; 28: nor two people's ages; 29: a short
    # phrase credited to two people, neither speaking for the other, is a drift check, not drift; 30: nor are
    # two surnames a letter apart; 31: one class of event done by two people is two claims;
    # 32: one article crediting words to two people, neither speaking for the other, is a drift check at most;
    # 33: nor one class of event on days that cannot be one; 34: the alignment trusts an event pair without the
    # fitted score; 35: a time of day shared by few claims links two articles' claims as a figure does;
    # 36: one article's claims are one report, never corroborated; 37: citations of a host's show, an organisation's
    # own words ("CNN said", "the network referred to her as") and "Political Report" names; 38: a leading
    # initial before the given name one goes by is no second person ("W. Mark Felt" / "Mark Felt"); 39: quotations
    # compare words by their lemma ("losing" / "lose", "filing" / "file": `differences.word_stem`); 40: near
    # figures join claims, citations of news agencies, race calls and "on X" (and the story-stage changes
    # made since 39 that left it unbumped: documents as origins, denials by event, lone cliques); 41: hyphenated
    # mastheads, dates in a cue, "announced on X"; another speaker's quoted words end an interview; "were first
    # reported by X." is each outlet's own; 42: "the hospital said" is the story's one hospital; "X estimated in a
    # report" names the report's owner; 43: one telling figure given by two or more outlets is a claim group of its own;
    # 44: dates conflict by class of event; "the case" / "the matter" name no two parties; 45: "obtained by X" names
    # no document's owner, "leaked" is no owner, an owner after "by" may follow a possessive; 46: an accusation
    # a relative clause describes is not denied by rejecting the allegations; 47: one dated act of a known class
    # given by three or more outlets is a claim group of its own; 48: the interview an article names before a quote
    # is read after every credited quote again, whoever has the floor; 49: an outlet that obtained or published a
    # document is one origin with its owner; 50: a person's full name tagged a place or a group is the person,
    # "the department" the story's one "Department of ..."; 51: one source giving two figures measures two things,
    # a difference ("two more than the 23 needed") conflicts with no total; 52: a speaker named by a body's kind
    # ("department") is the story's one body of that kind; 53: a speaker described by a surname alone is the story's
    # one person of that surname; 54: a document's modifier is no owner when a name follows ("an outside study by the
    # consulting firm Larkspur"); 55: dates are compared by the act they date ("began with a complaint filed in March");
    # 56: a verdict on a figure ("The $27 million is a number somebody made up") disputes the claims giving it;
    # 57: "the report" speaks for the owner its article's last report spoke for (else the story's one owner);
    # 58: only a claim whose verb frames another act ("began with a complaint filed in March") is dated by that act;
    # 59: a name tagged a place ending in a masthead word is a newspaper ("the Port Halden Ledger"); 60: "her own
    # transportation department" is the story's one department; 61: an article's unattributed line restates the
    # one document that article cites for the same claim; 62: a company's first word alone is the company,
    # shown by its full name; 63: a party saying of itself the negation of a claim about it disputes the claim;
    # "a report the department released, which put" cites the story's one department; 64: a spokeswoman given no
    # principal denying it of a party speaks for that party; a report's projections ("It projected ..., and it
    # found") are its findings; a claim credited to a cited outlet's report rests on what that report rests on;
    # 66: one written text credited to two speakers is one origin; 67: "the Alliance" is the story's one
    # alliance; "a report the alliance released in March found" cites it; "..., the Lantern found." is the
    # Lantern's finding; 68: two parts of one whole quoted by two outlets differ no more than each from the whole;
    # 69: a body and its chair or head asserting one claim are one origin; 70: a body named only inside
    # quotations is no body "the numbers" points back to; 71: whom a document was filed with is not its owner; a
    # year and "more" are no words two reports share; 72: a claim left alone joins its one sure partner; 73: "the
    # AP reported" cites the Associated Press; "X contributed to this report" and "the newspaper reported" cite;
    # 75: "fired six times" and "fired eight rounds" are one measure; 76: "The office says" after "her office" is
    # hers, not an "Office of ..." another article names; "The more than 140-page complaint" and "an audit of
    # Glimmer's data" name no owner; 77: "City Clerk X counted" is the clerk's count; 78: "the Sheriff's Office"
    # is the one "... Sheriff's Office" the story names; 79: "26 of the 38 removed titles" joins no claim by the 38;
    # 80: a margin of "11 points" fits "11.4 percentage points"; "MADA" is the "Marisca Anti-Doping Authority";
    # 81: a coined one-word name ("TrueLine") is the one longer name of the story opening with it; 82: two sentences
    # split around the cue join the quotation holding both; "handed in her resignation" is a resignation; 83: a
    # claim left alone joins the group of other articles it likely states too (`attach_lone`); 84: a party's
    # denial in the fewest words ("The senator did not fall") disputes the claim of that act about it; 85: the
    # outlets' tallies of one vote are one claim, and tallies of one body that differ conflict; two names of one
    # body with the same words ("the Times Union of Albany") are one source; 86: a party named in full and in short
    # ("Meridale Pharmaceuticals", "Meridale") is one source; 87: a spokeswoman for a body speaks for its unplaced
    # head (drift); a quoted title is no utterance; 88: a company's chief by its first word ("Ridgeline CEO") and
    # the company are one source; "Department of X" is the one "Michigan Department of X" the story names; 89:
    # "Keystone" is the "Keystone Shelter Services" each article using it named first; "Harrow Lane" the "Harrow
    # Lane Press" the story names; "the PAC" the one "... PAC"; "South Carolina Department of X" has a two-word place;
    # a named spokeswoman's report and the words of the body she speaks for may be one utterance; 90: a group of
    # some articles takes the likeliest claim of an article it lacks as a second membership (`complete_groups`)
)
# Bump when what a cached extraction holds changes (2: claims cached, the Doc not; 3:
# claims read more quantities, dates and hedges; 4: model names are no counts, an
# attribution giving a figure stays in its claim; 5: claims carry their predicate; 6:
# canonical speakers, claim participants and places, run-on text parsed in pieces; 7:
# frame and relative-clause claims, claims carry their event, times of day no counts;
# 8: cached claims gain fields (`Claim.entities`); 9: a speech act joined to a report,
# "called it a mistake and said", is its speaker's frame claim; 10: a figure carries the
# class of event of the verb governing it, `Quantity.governor`; 11: "deny" withholding a
# thing, "denied him a permit", reports no speech; 12: claims carry their frames, each
# verb with its roles and dates, `Claim.frames`; 13: "left 12 people dead" counts the
# killed, "left three injured" the injured, not a departure; 14: a plural event noun is
# its singular's event, "imposed bans", and a noun's "no" negates it, "made no apologies";
# 15: the singular from lemminflect's dictionary; 16: a person's name without the verb a
# title-case headline ran into it, "Howard Dean Tells"; 17: a share with a spelled first
# number is no count, "two out of three voters"; 18: a "they" is no one person who spoke
# last, unless named with others; 19: a word the article capitalises only to open a
# sentence is no one's name, "Poll finds …", "Research suggests …"; 20: "said in a
# statement released Friday that …" reports the "that" clause; 21: "said Mr. Trump was …"
# is no speaker "Mr", and a relative clause set off by commas names whom it describes;
# 22: abbreviated ranks are one token, "said Sgt. Lena Ortiz" is no speaker "Sgt"; a
# he/she the sentence before has as its subject outranks the names it names as objects;
# 23: a verb after a quotation's sentence that reports a clause of its own is no cue of
# that quotation, "“…”\nPigeon said police spent …"; 24: a name loses every abbreviated
# title the tokenizer keeps whole, "Det. Lena Ortiz" is "Lena Ortiz"; 25: a speech verb set
# between commas in a clause reports it, "Reyes, Park said, had been … for “a thousand years”";
# 26: a quotation signed on the next line, "“…”⏎⏎- Sanders."; 27: a cue heading a clause of
# time or cause under another cue is no cue of a quotation outside it, "…, after Jones assured …";
# 28: a tag after "?" or "!" is its quotation's cue, "“…?” Hannity pressed.", "“…?” a staffer wondered";
# 29: a predicate joined to the cue after a report is a claim of its own, "said … but declined to say whether …";
# 30: a share is the percent it states, "one in five" 20 percent, "a 1 in 3 chance" 33.3;
# 31: a noun of likelihood hands on its event, "had a chance of losing" states `lose`;
# 32: an inverted tag is a cue, "“…,” remembered Roy Vance", a dash introduces as a colon
# does, and a relative clause's infinitive is an aside, "a term Ruiz has used to describe";
# 33: a closing mark run into the next word is split, ",”Clinton said", a description's
# mention loses its edge marks, and quoted words inside an apposition do not hide its name;
# 34: a he/she is not its verb's object nor whom its relative clause describes, and an
# "adding" hung on a reported clause goes on from its reporter; 35: so does a speech verb
# joined to a reported clause whose subject is an empty "it", "said it was too early … but added";
# 36: a question its speaker would not answer is no claim of theirs, "declined to say when …";
# 37: an occasion of speech is a claim of its class, "in an interview with …", "told supporters";
# 38: an occasion framing a verb that is no speech keeps no verb, nor a quotation's words;
# 39: only "tell" and "address" make their object an audience, and where-and-when words
# alone frame an occasion, not "Following the reports, ...";
# 40: a relative clause's "who" stands for the person it describes, "Ms. Page, who had left";
# 41: a reporting verb's plural noun after a figure is its unit, "the 37 states";
# 42: "31 of those prior emergencies", a quoted unit, "31 remain" a verb;
# 43: a quoted unit on the same line only, not a quotation opening the next paragraph;
# 44: a plural setting read by its dictionary singular, "said in speeches").
# 62: a quotation opening after "a.m." or "D.C." starts its own sentence;
# 63: the day a plan is set for reads forward, "set sentencing for March 14";
# 64: an untagged name beside its role is the subject's speaker, "Patrice Dunning, the chairwoman of ..., said".
# 65: an unnamed official speaks for the body a word before them names, "a defense official";
# 66: "..., it said" is no organisation its reported words name;
# 67: no named entity runs across a line break, "X.\n\nDelahunt".
# 68: "went on strike" / "walked off the job" are one class of event, "sat in on" is "attend";
# 69: "it" goes on with the sentence before's subject ("The audit ... was reviewed by The Times. It found");
# 70: "the company" is a name that says it is a company before a product the tagger read as one;
# 71: a sentence one word short of the bar is a claim when it names someone or gives a figure;
# 72: an untagged office named with a possessive inside it is one speaker ("Pell County Sheriff's Office");
# 73: the name apposed after a role and its principal speaks ("A spokesman for Galvin, Nate Albers, said");
# 74: "Galvin's office" speaks for the Ray Galvin the article named before;
# 75: "he" after "The mayor ... was emphatic." is the mayor, not a man named the sentence before;
# 76: a dateline the parse made the subject is no speaker ("HARBOR CITY, Ore. — Keel Freight Corp. said");
# 77: a name the NER began at its middle initial takes its first name ("Curtis J. Halvorsen"), and
# "President Pro Tem" is a title; 78: a share keeps its bound ("more than one in five": above 20 percent);
# 79: a name opening its line is the subject whatever its tag ("MoDOT says" read as an adverb);
# 80: a full name tagged a place keeps its apposed role's holder out ("Hollis Grange, the board's president,");
# 81: a vote's tally is one figure ("passed 61 to 37"), not two counts; 82: "two dozen" is 24, a name before
# the counted noun is no unit ("Keck Industrial Supply employees"), "December 2016, weeks" is a month;
# 83: a dateline beside another subject is no speaker ("PORT KESSLER, Ohio — The mayor said");
# 84: a speech verb of the paragraph before, the parse run on, reports no colon quote here ("X didn't let up:");
# 85: "the companies" are the two organisations named together as a subject just before; 86: "the president"
# tagged a proper noun is a role, not a name; "Moderator" is a title; 87: a company's first word tagged a
# person is the company; "the company" after a ship is the company named before; "Passenger Carl Venn" is
# Carl Venn; "a Kestrel spokesperson" and "the spokesperson" after it speak for the company; "the group" is
# the organisation apposed "a ... group"; a relative clause's subject of the pronoun's gender is its antecedent;
# 88: "threw out" and "tossed out" state a reversal; 89: a saint's "St." is no title; "the memo said" is the
# writer the document was told of with ("written by X"); a name tagged a work of art with a common first name
# is a person; "the hospital", "the university", "the airline" and "the group" apposed to a name point back to
# it; "Airways" names a company; 90: a given name tells a gender (nomquamgender data); "the former director" is
# not the one the article made director; 91: "Justice" is a title; a name the parser made the root before its
# verb ("Ransome, for her part, conceded") is the subject; an outlet speaker by its registry name ("the AP");
# 92: "The complaint, filed ... by X," is X's; 93: "1,862 emails" counts emails (a plural noun, no speaker);
# 94: a dateline's apposed description speaks; "Standing beside X's mother, he said" is not X; a reported
# speaker is the previous speaker for a pronoun; 95: a given name tagged an organisation whose surname alone
# speaks elsewhere ("Tillery told") is a person; 96: "The office says" after "her office" speaks for her;
# "according to the indictment, including ..." is the indictment's; "entered a plea" pleads, "jacked up" increases;
# 97: "the alliance's top lobbyist, Denise Carrow, told" is Carrow (a name the parse hung as a modifier); 98:
# "The campaign said" after "X's campaign" speaks for X too (the last such noun's owner, as for "the spokesperson");
# 99: "the sheriff's office said" is the "... Sheriff's Office" named before; "According to X, the log shows" is
# X's; "the group" / "his group" a group named before; "the civil liberties group" the body with those words; an
# organisation the NER cut at "for" runs on; a surname once read as a place stays the person's; 100: "She added"
# after an unnamed spokeswoman's quotation is that spokeswoman; 101: "The report found" is the body that released
# it, "Its report said" the body the sentence before is about, "It" after a report its author; "By the union's
# math, …" is the union's; a paragraph ending on "X." ends its sentence; "the state's Medicaid" is no "s
# Medicaid"; an organisation the NER started after its first word runs back to it; 102: two organisations
# tagged either side of "for" are one name; a full name tagged a place is the person "Ms. X" names; 103: "the
# statement said" after "X issued an apology" is X; 104: a name run over a comma between two names is two;
# a surname tagged a place that "Ms. X" names is that person; "the paper" is the newspaper named before; 105:
# "has no plans to step down" is a negated resignation, skipping a meeting is not attending it, "neither
# admitted" a negated admission; "X is running the plant, she said": "she" is not X; "a spokeswoman for the
# clerk's office" is no guess at a person named before, "a spokesman for Marrick" is Marrick's; "Ilse
# Varnum, a retired teacher who said" is Varnum; "according to" in the sentence before a quotation is no cue of it;
# "the outlet", "the news agency", "the TV station" is the registered outlet named before; 106: a simple present
# dating a calendar day reads forward ("takes effect on June 30"); a measure's strict bound moves no step ("more
# than seven inches" is above 7); "five of Crestline's campuses" counts campuses; 107: a described body points
# back to a name, however far ("a health department spokeswoman"); "Local 12 of the X Union" speaks by that name;
# 108: "the X and Y Administration" tagged from Y runs back to X; "a company spokeswoman", "a spokeswoman for
# the company" speak for the company named before; a name the NER ran into its title's place is a titled name;
# "In X, Ada Pruitt, 67, waited" is Pruitt's subject; "The fisherman who spotted A, B, told" is B; a
# legislative body ("House Energy and Commerce") is no company "the company" means; 109: "a lawyer who represents
# Mr. X" is a role (not a gender); "Trustee X" a title; "the agency" a "Centers for ..."; "an X gang" a group;
# 110: "the union" an association, "the district" a "... Schools"; a company's first word tagged a place is the
# company; "County Auditor X" a title; "the audit, released by X" is X's; "the company" never the article's own
# outlet; "she" after an unnamed spokeswoman is hers; a participle after the cue is no report; an "according to"
# report keeps its statement when a report inside it is a detail; 111: "the suit" / "the lawsuit" is who filed or
# sued; "the watchdog" a group; "If X finds that" no report; "Ana Ruiz of Sumter" is Ana Ruiz; "It said" goes on
# with "Y's office"; "A did B, the company said" is A's; "the company" never a paper; "X, the publisher," a company;
# a surname read as a noun is a mention; a person's surname tagged an organisation is the person; 112: a company's
# name tagged a person, and its first words after it, are the company; an organisation's name ends at its last
# capitalised word ("... Project on behalf"); "Services" and "PAC" are no person's words; "the statement said"
# after "Her office said in a statement" is the office's; "The department's report said" the department's; "X, a
# spokeswoman for the company," speaks for the company; 113: an organisation tagged from its second word runs
# back to the first when that opens its sentence ("Open Door said"); 114: ranks spelled out ("Trooper", "Lieutenant")
# are titles, "the clerk" a role; a dateline is no subject of "sued", an indefinite plaintiff is the one named after;
# "X says in the lawsuit" and "In a complaint ..., X asked" are X's; "it says" is the document's before it; a
# complaint a lawyer prepared is her client's; "the petition" / "the filing" name one court filing; "the vendor" a
# company; "its president, X," is a person; a surname the NER left untagged is the person's ("Ruiz dismissed it
# as"); "a half-dozen" is six, "north of N" more than N, "42 in 2024" a count and its year (no share); a name an
# apposition calls a group or a company is an organisation; "X Print Solutions of Oshkosh" is "X Print Solutions";
# 115: a person's name tagged an organisation is no organisation of the article ("the group" never points to him).
EXTRACTION_VERSION = "115"


def extractor_fingerprint(settings: Settings) -> str:
    """Tool version, extra outlet registries (their content) and installed model version:
    a cached extraction, or a stored story, is reused only when all match."""
    registries = hashlib.sha256()
    for path in settings.outlet_files:
        try:
            registries.update(path.read_bytes())
        except OSError:
            registries.update(str(path).encode("utf-8"))
    model = "none"
    for name in settings.model_names:
        try:
            model = f"{name}=={importlib.metadata.version(name.replace('_', '-'))}"
            break
        except importlib.metadata.PackageNotFoundError:
            continue
    outlets = f";outlets={registries.hexdigest()[:12]}" if settings.outlet_files else ""
    return f"corroborate=={__version__};extraction={EXTRACTION_VERSION}{outlets};{model}"


def story_fingerprint(member_keys: Sequence[str], extractor: str, settings: Settings | None = None) -> str:
    """Changes when a story's members (their content), the tool, or a setting of the
    per-story stage (grouping claims by words only) change."""
    mode = [] if settings is None or settings.claim_embeddings else ["claims=words"]
    payload = "\n".join([extractor, STORY_STAGE_VERSION, *mode, *sorted(member_keys)])
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class CachedExtraction:
    """An extraction as the cache keeps it: the article as read and the extraction's JSON
    (`article_json`, `extraction_json`), made in the worker that extracted it."""

    key: str
    extractor: str
    article: Article
    article_json: str
    data: str


def cached_extraction(extraction: ArticleExtraction) -> CachedExtraction:
    return CachedExtraction(
        extraction.key, extraction.extractor, extraction.article, article_json(extraction.article), extraction_json(extraction)
    )


def extraction_json(extraction: ArticleExtraction) -> str:
    """Everything but the article, as JSON (the cache's `data` column)."""
    return json.dumps(
        {
            "mentions": [dataclasses.asdict(m) for m in extraction.mentions],
            "quotes": [q.model_dump(mode="json", by_alias=True) for q in extraction.quotes],
            "roles": extraction.roles,
            "warnings": [w.model_dump(mode="json") for w in extraction.warnings],
            "claims": [c.model_dump(mode="json") for c in extraction.claims],
        },
        ensure_ascii=False,
    )


def extraction_from_json(key: str, article: Article, extractor: str, data: str) -> ArticleExtraction:
    """The extraction `extraction_json` wrote, for `article`."""
    from corroborate.nlp.entities import EntityMention
    from corroborate.pipeline import ArticleExtraction

    loaded: dict[str, Any] = json.loads(data)
    return ArticleExtraction(
        key=key,
        article=article,
        extractor=extractor,
        mentions=[EntityMention(**m) for m in loaded["mentions"]],
        quotes=[Quote.model_validate(q) for q in loaded["quotes"]],
        roles={name: list(texts) for name, texts in loaded["roles"].items()},
        warnings=[Notice.model_validate(w) for w in loaded["warnings"]],
        claims=[Claim.model_validate(c) for c in loaded.get("claims", [])],
    )
