"""The confidence of each extraction rule, in one table.

Keys are the rule strings the extractors emit, in three families:

- how a quotation's speaker was resolved from a cue's subject (`speakers.resolve_subject`):
  the bare suffix ("cue_subject"), emitted as "direct.cue_subject" or
  "partial.cue_subject"; an indirect quote takes the lower of its own rule's
  confidence and its speaker's;
- how a quotation with no cue of its own was attributed ("direct.name_mark"; a
  partial quote's "partial.name_mark" takes the same confidence);
- the shape of an indirect quotation ("indirect.clause") and of a claim.

A rule with a weaker case has a variant key "rule/variant" (the emitted rule string
stays the rule's), and a speaker no rule resolved is `CONFIDENCE["unresolved"]`.
`benchmarks/quotes_vs_textacy.py` prints each rule's precision measured on PolNeAR
beside its confidence here, for calibration. The values are the share of a rule's
quotations that are real and have the right speaker ("both" in that table) on
PolNeAR's train split, direct and partial pooled, rounded to 0.05; a rule seen fewer
than 30 times there keeps a prior. Two stay above or below their measure because
attribution drift (`assess.drift`, finding at 0.6) rests on them: a named cue subject
stays at 0.85 (measured 0.90), so that two credits of a weak match stay a "check",
and a continued speaker at 0.6 (measured 0.51), the least a drift finding takes.
"""

from __future__ import annotations

# The rule of a claim stating where someone spoke (`nlp.occasions`): the outlet's claim
# of an occasion of speech, grouped and shown apart from statements.
OCCASION_RULE = "claim.attribution"

CONFIDENCE: dict[str, float] = {
    # --- speakers resolved from a cue's subject ---
    "cue_subject": 0.85,  # a name or organisation the NER tagged ("Coffman said")
    "cue_subject/untagged": 0.85,  # a proper-noun chain the NER missed ("Mayor Denise Okafor said")
    "cue_pronoun": 0.9,  # he/she resolved to a person of the article
    "cue_pronoun/it_they": 0.6,  # it/they/we resolved to an organisation or the previous speaker
    "cue_pronoun/they_group": 0.6,  # "they" for the plural subject just before ("Long and Bosma …. They said")
    "cue_role": 0.85,  # a definite role given to a named person ("the mayor said")
    "cue_organisation": 0.65,  # "the company said": the company named in an earlier sentence
    "cue_police": 0.6,  # "police said": the police department the article named
    "cue_document": 0.7,  # a document's author: "a statement from the committee said"
    "cue_description": 0.7,  # an unnamed speaker kept as a description ("a spokesperson for X")
    "cue_no_subject": 0.4,  # a cue whose subject the parse did not give
    "unresolved": 0.4,  # a pronoun with no antecedent; an indirect quote with no subject
    # --- direct quotations with no cue of their own ---
    "direct.name_mark": 0.8,  # "“…” — Name", "Name: “…”", a transcript line, a signed line
    "direct.same_paragraph": 0.45,  # the speaker of an earlier quotation in the paragraph
    "direct.lead_in": 0.75,  # (a cap) the cue of a "X said:" paragraph just before
    "direct.continuation": 0.6,  # the previous quotation paragraph's speaker
    "direct.previous_sentence": 0.6,  # the person the sentence before is about
    "direct.no_cue": 0.4,  # nothing names the speaker
    # --- direct quotations of light text (`nlp.light`: no parse; priors, never measured) ---
    "direct.light_name": 0.6,  # a capitalised name next to a reporting verb beside the marks
    "direct.light_cue": 0.4,  # a reporting verb beside the marks, no name
    "direct.light_no_cue": 0.3,  # the marks alone
    # --- indirect quotations ---
    "indirect.clause": 0.85,  # a speech verb with a complement clause ("Coffman said officials …")
    "indirect.thought": 0.55,  # the same with a verb of thought or finding ("officials believe …")
    "indirect.according_to": 0.85,  # "according to X, …"
    "indirect.report": 0.7,  # (a prior) "a Politico report that …": the named owner's report
    "indirect.fronted": 0.8,  # a clause before its verb ("The dock will reopen, Ortiz said.")
    "indirect.call_for": 0.8,  # "called for an inquiry", "cited the audit"
    "indirect.say_fallback": 0.8,  # the rest of the sentence after a say-type verb the parse left bare
    "indirect.object": 0.6,  # (a prior) what a verb's object names: "denied the allegations"
    # --- claims (any claim.* rule) ---
    "claim": 0.6,  # a claim no quotation carries
    "claim/quoted": 0.7,  # a claim carried by a quotation (its speaker is known)
}

# A quotation whose marks do not pair (or that never closes) keeps this share of its confidence.
UNPAIRED_FACTOR = 0.8
