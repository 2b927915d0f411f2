"""What ``ogames`` does when the app dies of an error nobody expected.

Textual catches the error, restores the terminal and prints its full traceback (with the
local variables of every frame) to stderr, but ``App.run`` returns normally, and the shell
saw success. Here the app runs with that traceback going to a report file in the user data
directory instead; afterwards stderr gets one line that names the error and the report, and
the caller gets a non-zero exit status (``App.return_code``) to exit with.
"""

from __future__ import annotations

import datetime as _dt
import io
import platform
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from textual.app import App

from ..core.quoting import shown
from ..core.storage import crash_reports_dir, unused_path

#: how much of the error's own words the line on stderr quotes
SUMMARY = 160


def run_reporting(app: App, *, headless: bool = False) -> int:
    """Run ``app``; return its exit status: 0, or after an unhandled error non-zero, with
    the report written (see ``write_report``) and one line about it on stderr."""
    captured = io.StringIO()
    # what Textual prints on the way out (the traceback of an unhandled error) is kept
    app.error_console = Console(file=captured, width=100, color_system=None,
                                markup=False, highlight=False, emoji=False)
    app.run(headless=headless)
    failure = getattr(app, "failure", "")
    if failure:  # bad input found inside the app (an online game that could not begin)
        print(f"ogames: {shown(failure, SUMMARY * 2)}", file=sys.stderr)
        return 2
    status = app.return_code or 0
    text = captured.getvalue()
    if status == 0:
        if text.strip():  # not an error: nothing is lost by printing it where it was going
            sys.stderr.write(text)
        return 0
    where = write_report(text)
    summary = shown(error_summary(text), SUMMARY) or "no traceback"
    if isinstance(where, Path):
        tail = f"the full report is in {where}"
    else:
        tail = f"no report could be written ({where})"
    print(f"ogames: the app stopped on an unexpected error ({summary}); {tail}",
          file=sys.stderr)
    return status


def error_summary(report: str) -> str:
    """The error of a traceback as Textual (Rich) prints it: the lines after the last frame
    box (``KeyError: 0``), joined into one; else the last line written."""
    lines = [line.strip() for line in report.splitlines()]
    ends = [i for i, line in enumerate(lines) if line.startswith("╰")]
    after = lines[ends[-1] + 1:] if ends else lines[-1:]
    return " ".join(line for line in after if line)


def report_header() -> str:
    from importlib.metadata import PackageNotFoundError, version

    def installed(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "?"

    return (f"ogames {installed('ogames')}, textual {installed('textual')}, "
            f"Python {platform.python_version()} on {platform.platform()}\n"
            f"command: {' '.join(sys.argv)}\n"
            f"time: {_dt.datetime.now().isoformat(timespec='seconds')}\n\n")


def write_report(text: str) -> Path | str:
    """Write the report (what Textual printed, after a header naming the versions and the
    command) to ``crash-reports/`` in the data directory, or failing that to the system's
    temporary folder; the path written, or why neither could be."""
    name = f"crash-{_dt.datetime.now():%Y-%m-%d-%H%M%S}.txt"
    problem = ""
    for folder in (crash_reports_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = unused_path(folder, name)
            path.write_text(report_header() + text, encoding="utf-8")
            return path
        except OSError as exc:
            problem = f"{folder}: {exc.strerror or exc}"
    return problem
