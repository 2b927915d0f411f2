"""The install that still works next year: pyproject.toml bounds every dependency below
its next major version, and requirements.lock (written by ``make lock``, installed by
``make install`` with ``--require-hashes``) pins every package at one version with its
hashes. The two are edited by hand at different times; these checks fail as soon as one
no longer agrees with the other."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
LOCK = ROOT / "requirements.lock"


class Pin:
    def __init__(self, requirement: Requirement) -> None:
        self.requirement = requirement
        self.hashes: list[str] = []

    @property
    def version(self) -> Version:
        (spec,) = self.requirement.specifier
        return Version(spec.version)


def read_lock() -> dict[str, Pin]:
    """Every requirement of the lock by normalised name, with its ``--hash`` values."""
    pins: dict[str, Pin] = {}
    current: Pin | None = None
    for number, raw in enumerate(LOCK.read_text("utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().removesuffix("\\").strip()
        if not line:
            continue
        if line.startswith("--hash="):
            assert current is not None, f"line {number}: a hash before any requirement"
            current.hashes.append(line.removeprefix("--hash="))
            continue
        assert not line.startswith("-"), f"line {number}: the lock holds no options: {line}"
        current = Pin(Requirement(line))
        name = canonicalize_name(current.requirement.name)
        assert name not in pins, f"line {number}: {name} is pinned twice"
        pins[name] = current
    return pins


def declared() -> list[tuple[str, Requirement]]:
    """Every requirement pyproject.toml names: where it stands, and the requirement."""
    project = PYPROJECT["project"]
    found = [("dependencies", Requirement(r)) for r in project["dependencies"]]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        found += [(f"extra {extra}", Requirement(r)) for r in requirements]
    found += [("build-system", Requirement(r)) for r in PYPROJECT["build-system"]["requires"]]
    return [(where, r) for where, r in found if r.marker is None or r.marker.evaluate()]


PINS = read_lock()
DECLARED = declared()


def test_the_lock_pins_every_package_at_one_version_with_hashes() -> None:
    assert PINS, "requirements.lock is empty"
    for name, pin in PINS.items():
        (spec,) = pin.requirement.specifier  # exactly one specifier …
        assert spec.operator == "==" and "*" not in spec.version, f"{name}: {spec}"  # … ==
        assert pin.hashes, f"{name} has no --hash: `pip install --require-hashes` refuses it"
        assert all(h.startswith("sha256:") and len(h) == 71 for h in pin.hashes), name


@pytest.mark.parametrize(("where", "requirement"), DECLARED,
                         ids=[str(r) for _, r in DECLARED])
def test_every_dependency_of_pyproject_is_locked_within_its_bounds(where, requirement) -> None:
    name = canonicalize_name(requirement.name)
    assert name in PINS, (f"{requirement} ({where} in pyproject.toml) is not in "
                          "requirements.lock: run `make lock`")
    version = PINS[name].version
    assert requirement.specifier.contains(version, prereleases=True), (
        f"requirements.lock pins {name}=={version}, outside {requirement} ({where} in "
        "pyproject.toml): run `make lock`")


@pytest.mark.parametrize(("where", "requirement"),
                         [(w, r) for w, r in DECLARED if w != "build-system"],
                         ids=[str(r) for w, r in DECLARED if w != "build-system"])
def test_every_dependency_stops_below_its_next_major_version(where, requirement) -> None:
    assert any(spec.operator == "<" for spec in requirement.specifier), (
        f"{requirement} ({where}) has no upper bound: a new major release could change "
        "the app or its drawings without anyone asking for it")


@pytest.mark.parametrize("requirement", [Requirement(r) for r in
                                         PYPROJECT["project"]["dependencies"]],
                         ids=str)
def test_the_app_runs_on_the_locked_versions(requirement) -> None:
    """The snapshots are drawn by one exact Textual and Rich: a venv with others would
    fail them for no fault of the code. ``make test`` installs from the lock first."""
    name = canonicalize_name(requirement.name)
    installed = Version(metadata.version(name))
    assert installed == PINS[name].version, (
        f"{name} {installed} is installed, requirements.lock pins {PINS[name].version}: "
        "run `make install`")
