"""Small invented stories for the clustering tests (every sentence written for these tests)."""

from __future__ import annotations

from corroborate.model import Article

FIRE = [
    "A fire broke out overnight at the Harwick paint warehouse on Dockside Road in Velden, and crews from the Velden fire "
    "brigade fought the flames until dawn. Fire chief Marta Oduya said the blaze started in a storage hall full of solvent "
    "drums. Nobody was injured, but forty residents of Dockside Road were evacuated while the smoke drifted over the harbour.",
    "Firefighters in Velden spent the night battling a blaze at the Harwick paint warehouse. Chief Marta Oduya of the Velden "
    "fire brigade told reporters that solvent drums in the storage hall fed the flames. Residents of Dockside Road were "
    "moved out of their homes as thick smoke covered the harbour, and the warehouse roof collapsed before dawn.",
    "The Harwick paint warehouse in Velden was gutted by fire. Marta Oduya, who leads the Velden fire brigade, said "
    "investigators would examine the solvent drums in the storage hall. Dockside Road stays closed while crews damp down the "
    "ruins, and the harbour office warned boat owners about smoke and runoff from the warehouse.",
]
BUDGET = [
    "The Tamsworth school board voted five to two on Tuesday to approve a budget that closes the Greyfield primary school and "
    "moves its pupils to Ashcombe. Board chair Ivo Brandt said falling enrolment left no choice. Parents at the meeting "
    "booed the vote and promised to challenge the closure of Greyfield.",
    "Parents in Tamsworth reacted angrily after the school board approved a budget closing Greyfield primary. Board chair "
    "Ivo Brandt defended the five to two vote, citing enrolment figures, while parents said pupils would face a long bus "
    "ride to Ashcombe. A petition against closing Greyfield already has hundreds of signatures.",
    "Greyfield primary school will close next summer under the Tamsworth school board budget. The board's chair, Ivo Brandt, "
    "said the budget protects teaching jobs at Ashcombe, where Greyfield pupils will move. Opponents on the board, outvoted "
    "five to two, said enrolment at Greyfield had started to recover.",
]


def article(article_id: str, text: str, published: str | None = None, title: str | None = None) -> Article:
    return Article(
        id=article_id, source=f"test:{article_id}", outlet=None, title=title, published=published, language="en", text=text
    )


def fire_articles(published: str | None = None) -> list[Article]:
    return [article(f"fire-{n}", text, published) for n, text in enumerate(FIRE, 1)]


def budget_articles(published: str | None = None) -> list[Article]:
    return [article(f"budget-{n}", text, published) for n, text in enumerate(BUDGET, 1)]
