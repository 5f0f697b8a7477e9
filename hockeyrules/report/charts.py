"""The person page's charts: a running total against the by-laws' marks, as geometry (the
markup is in templates/macros.html.j2)."""

from __future__ import annotations

import datetime as _dt

from hockeyrules.views.wording import ordinal, words

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class Charts:
    """Charts over the season's days (`data`: the report's data, for its first and last day,
    the 10.04 marks and the 10.05 rungs)."""

    W, H, LEFT, RIGHT, TOP, BOTTOM = 640, 170, 40, 84, 12, 26

    def __init__(self, data) -> None:
        self.first_day, self.last_day = data.first_day, data.last_day
        self.after, self.every, self.rungs, self.proposal = data.after, data.every, data.rungs, data.proposal

    def x_of(self, date: str) -> float:
        span = max(1, (self.last_day - self.first_day).days)
        days = (_dt.date.fromisoformat(date) - self.first_day).days
        return round(self.LEFT + (self.W - self.LEFT - self.RIGHT) * days / span, 1)

    def ticks(self) -> list:
        out: list = []
        day = self.first_day.replace(day=1)
        while day <= self.last_day:
            if day >= self.first_day:
                label = MONTHS[day.month - 1] + (f" {day.year}" if day.month == 1 or not out else "")
                out.append({"x": self.x_of(day.isoformat()), "label": label})
            day = (day.replace(day=28) + _dt.timedelta(days=4)).replace(day=1)
        return out

    def chart(self, caption: str, lines: list, value: str, top: int, marks: list) -> dict:
        """A step line of a running total (one step per game) against horizontal marks [(y, label)]."""
        W, H, L, R, T, B = self.W, self.H, self.LEFT, self.RIGHT, self.TOP, self.BOTTOM

        def y(v: float) -> float:
            return round(H - B - (H - B - T) * v / top, 1)

        before, after = value + "_before", value + "_after"
        steps: list = []
        for x in lines:
            if x[after] == x[before]:
                continue
            if steps and steps[-1][0] is x["game"]:
                steps[-1][2] = x[after]
                steps[-1][3].append(x)
            else:
                steps.append([x["game"], x[before], x[after], [x]])
        total = lines[-1][after] if lines else 0
        path = [f"M{self.x_of(self.first_day.isoformat())} {y(0)}"]
        path += [f"H{self.x_of(g.date)}V{y(a)}" for g, _, a, _ in steps]
        path.append(f"H{W - R}")
        dots = []
        for g, b, a, xs in steps:
            what = "; ".join(f"line {x['incident'].number} {words(x['incident'].infraction)}" for x in xs)
            dots.append({"x": self.x_of(g.date), "y": y(a), "title": f"{g.id} {g.date}: {b} to {a} ({what})"})
        return {
            "w": W,
            "h": H,
            "plot": {"x": L, "y": T, "w": W - L - R, "h": H - T - B},
            "y0": y(0),
            "top": top,
            "ticks": self.ticks(),
            "marks": [
                {
                    "y": y(v),
                    "label": label,
                    "state": "passed" if total > v or (value == "misc" and total >= v) else "open",
                }
                for v, label in marks
            ],
            "path": "".join(path),
            "dots": dots,
            "caption": caption,
            "label": "penalty minutes over the season" if value == "pim" else "misconducts of any kind over the season",
        }

    def pim_chart(self, lines: list) -> dict:
        total = lines[-1]["pim_after"]
        top = self.after
        while top < total:
            top += self.every
        top += self.every
        marks = [(m, f"{m} (10.04)") for m in range(self.after, top + 1, self.every)]
        repealed = self.proposal is not None and "league:10.04" in self.proposal.repeal
        caption = (
            f"Penalty minutes in the season: {total}. League:10.04 marks at {self.after}, "
            f"then every {self.every}: a game each time the total passes one"
            + (" (repealed by the proposal)" if repealed else "")
            + "."
        )
        return self.chart(caption, lines, "pim", top, marks)

    def misc_chart(self, lines: list) -> dict:
        total = lines[-1]["misc_after"]
        top = max([total] + self.rungs) + 1
        marks = [(r, f"{ordinal(r)} (10.05/{r})") for r in self.rungs]
        caption = (
            f"Misconduct-class penalties in the season (misconduct, game misconduct, gross misconduct, "
            f"match): {total}. League:10.05 rungs at the " + ", ".join(ordinal(r) for r in self.rungs) + "."
        )
        return self.chart(caption, lines, "misc", top, marks)
