#!/usr/bin/python3
"""``compose.yaml`` run by podman as ``docker compose`` runs it, for machines without Docker.

    deploy/compose.py up [--scale SERVICE=N]   # create and start every service, in order
    deploy/compose.py ps                       # the project's containers and their state
    deploy/compose.py logs SERVICE             # what a service's containers printed
    deploy/compose.py down [-v]                # stop and remove them (-v: the volumes too)

Debian 12's podman (4.3) cannot wait for a healthy container and its podman-compose (1.0.3)
neither honours ``depends_on`` conditions nor reads ``${NAME:-}``, so the file would start
in the wrong order there. This reads the very ``compose.yaml`` (and ``.env`` beside it, the
shell's variables first, as Compose does) and runs each service with ``deploy/podman.sh``
(podman with this project's settings): one network ``<project>_default`` on which each
container is reachable by its service's name, named volumes ``<project>_<volume>``, containers
``<project>-<service>-<n>`` (``deploy.replicas`` of them), the environment, command, ports,
restart policy, stop grace period and health check of the file (or the image's own), and
``depends_on``: ``service_healthy`` waits until the dependency's health check passes (run by
this script: podman 4.3 schedules health checks only under systemd), and
``service_completed_successfully`` until it has exited with status 0. Standard library and
PyYAML (Debian's python3-yaml, which podman-compose brings) only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
PODMAN = [str(HERE / "podman.sh")]
_VARIABLE = re.compile(
    r"\$(?:(?P<escaped>\$)|\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"(?:(?P<op>:-|-|:\?|\?)(?P<arg>[^}]*))?\})"
)


class ComposeError(Exception):
    """A problem with the file or a service that stops ``up`` (printed, exit status 1)."""


# --------------------------------------------------------------------------- the file


def dotenv(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines of an env file (comments, blank lines and quotes as Compose reads)."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.removeprefix("export ").split("=", 1)
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key.strip()] = value
    return values


def interpolate(value: Any, variables: dict[str, str]) -> Any:
    """``value`` (any YAML data) with every ``${…}`` of its strings replaced, as Compose does."""
    if isinstance(value, dict):
        return {k: interpolate(v, variables) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, variables) for v in value]
    if not isinstance(value, str):
        return value

    def replace(match: re.Match[str]) -> str:
        if match.group("escaped"):
            return "$"
        name, op, arg = match.group("name"), match.group("op"), match.group("arg") or ""
        given = variables.get(name)
        if op == ":-":
            return given if given else arg
        if op == "-":
            return given if given is not None else arg
        if op in (":?", "?") and (given is None or (op == ":?" and not given)):
            raise ComposeError(f"required variable {name} is missing a value: {arg}")
        return given or ""

    return _VARIABLE.sub(replace, value)


class Project:
    """The compose file, interpolated, and how its services map to podman."""

    def __init__(self, directory: Path, name: str | None = None) -> None:
        self.directory = directory
        raw = yaml.safe_load((directory / "compose.yaml").read_text(encoding="utf-8"))
        variables = {**dotenv(directory / ".env"), **os.environ}
        self.data: dict[str, Any] = interpolate(
            {k: v for k, v in raw.items() if not str(k).startswith("x-")}, variables
        )
        self.name = name or self.data.get("name") or directory.name
        self.services: dict[str, dict[str, Any]] = self.data["services"]
        self.network = f"{self.name}_default"

    def order(self) -> list[str]:
        """The services, each after those it depends on."""
        done: list[str] = []

        def visit(name: str, path: tuple[str, ...]) -> None:
            if name in done:
                return
            if name in path:
                raise ComposeError(f"depends_on goes round in a circle: {' → '.join(path)}")
            for dependency in self.depends_on(name):
                visit(dependency, (*path, name))
            done.append(name)

        for name in self.services:
            visit(name, ())
        return done

    def depends_on(self, service: str) -> dict[str, str]:
        """The services ``service`` waits for, and the condition of each."""
        raw = self.services[service].get("depends_on") or {}
        if isinstance(raw, list):
            return {name: "service_started" for name in raw}
        return {
            name: (spec or {}).get("condition", "service_started") for name, spec in raw.items()
        }

    def replicas(self, service: str, scale: dict[str, int]) -> int:
        """How many containers of ``service``."""
        if service in scale:
            return scale[service]
        return int((self.services[service].get("deploy") or {}).get("replicas", 1))

    def container(self, service: str, number: int) -> str:
        """The name of a service's ``number``-th container."""
        return f"{self.name}-{service}-{number}"

    def run_args(self, service: str, number: int) -> list[str]:
        """``podman run`` arguments of a service's container."""
        spec = self.services[service]
        name = self.container(service, number)
        args = ["run", "-d", "--name", name, "--hostname", name,
                "--network", self.network, "--network-alias", service,
                "--label", f"com.docker.compose.project={self.name}",
                "--label", f"com.docker.compose.service={service}",
                "--label", f"com.docker.compose.container-number={number}"]  # fmt: skip
        environment = spec.get("environment") or {}
        if isinstance(environment, list):
            environment = dict(item.split("=", 1) for item in environment)
        for key, value in environment.items():
            args += ["--env", f"{key}={'' if value is None else value}"]
        for volume in spec.get("volumes") or []:
            source, _, target = str(volume).partition(":")
            if not source.startswith((".", "/")):
                source = f"{self.name}_{source}"
            args += ["--volume", f"{source}:{target}"]
        for port in spec.get("ports") or []:
            args += ["--publish", str(port)]
        restart = spec.get("restart", "no")
        args += ["--restart", "on-failure" if restart == "on-failure" else restart]
        if "stop_grace_period" in spec:
            args += ["--stop-timeout", str(int(seconds(spec["stop_grace_period"])))]
        check = spec.get("healthcheck") or {}
        if check.get("disable"):
            args.append("--no-healthcheck")
        elif check.get("test"):
            test = check["test"]
            # podman 4.3 reads --health-cmd as a shell command only (no JSON array).
            if isinstance(test, list) and test[0] == "CMD":
                args += ["--health-cmd", shlex.join(test[1:])]
            elif isinstance(test, list) and test[0] == "CMD-SHELL":
                args += ["--health-cmd", test[1]]
            elif isinstance(test, str):
                args += ["--health-cmd", test]
            for key, option in (("interval", "--health-interval"), ("timeout", "--health-timeout"),
                                ("start_period", "--health-start-period"),
                                ("retries", "--health-retries")):  # fmt: skip
                if key in check:
                    args += [option, str(check[key])]
        args.append(spec["image"])
        command = spec.get("command")
        if isinstance(command, str):
            args += ["sh", "-c", command]
        elif command:
            args += [str(part) for part in command]
        return args


def seconds(duration: Any) -> float:
    """A Compose duration (``5s``, ``1m30s``, ``120``) in seconds."""
    if isinstance(duration, (int, float)):
        return float(duration)
    total = 0.0
    for amount, unit in re.findall(r"([\d.]+)(ms|s|m|h)?", str(duration)):
        total += float(amount) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600}.get(unit or "s", 1)
    return total


# --------------------------------------------------------------------------- podman


def podman(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``deploy/podman.sh ARGS``; its output (fails with the message when ``check``)."""
    result = subprocess.run(  # noqa: S603 (podman with this script's own arguments)
        [*PODMAN, *args], capture_output=True, text=True, check=False
    )
    if check and result.returncode != 0:
        raise ComposeError(f"podman {' '.join(args[:3])}…: {result.stderr.strip()}")
    return result


def project_containers(project: Project) -> list[dict[str, Any]]:
    """The project's containers (podman ps --all), oldest first."""
    out = podman("ps", "--all", "--format", "json",
                 "--filter", f"label=com.docker.compose.project={project.name}").stdout  # fmt: skip
    return sorted(json.loads(out or "[]"), key=lambda c: c.get("Created", 0))


def state(name: str) -> dict[str, Any]:
    """A container's state (podman inspect)."""
    out = podman("inspect", "--format", "{{json .State}}", name).stdout
    return json.loads(out)


def wait_healthy(project: Project, name: str, service: str) -> None:
    """Run the container's health check until it passes; fail when it keeps failing as long
    as its interval × retries (after the start period) or the container stops."""
    spec = project.services[service].get("healthcheck") or {}
    config = json.loads(podman("inspect", "--format", "{{json .Config.Healthcheck}}", name).stdout
                        or "null") or {}  # fmt: skip
    if not (spec.get("test") or config.get("Test")):
        raise ComposeError(f"{name}: service_healthy, but it has no health check")
    interval = seconds(spec.get("interval", "30s")) if spec else config.get("Interval", 30e9) / 1e9
    retries = int(spec.get("retries", 3) if spec else config.get("Retries", 3))
    start = seconds(spec.get("start_period", "0s")) if spec else config.get("StartPeriod", 0) / 1e9
    deadline = time.monotonic() + start + interval * max(retries, 1) + 30
    pause = min(1.0, max(interval, 0.2))
    while True:
        if podman("healthcheck", "run", name, check=False).returncode == 0:
            return
        current = state(name)
        if not current.get("Running"):
            raise ComposeError(
                f"{name} stopped (status {current.get('ExitCode')}) before it was healthy"
            )
        if time.monotonic() > deadline:
            raise ComposeError(f"{name} did not become healthy")
        time.sleep(pause)


def wait_completed(name: str) -> None:
    """Wait until the container exits; fail unless with status 0."""
    status = podman("wait", name).stdout.strip()
    if status != "0":
        logs = podman("logs", "--tail", "30", name, check=False)
        raise ComposeError(f"{name} exited with status {status}:\n{logs.stdout}{logs.stderr}")


# --------------------------------------------------------------------------- commands


def up(project: Project, scale: dict[str, int]) -> None:
    """Create and start every service in order, each once its dependencies are ready."""
    if podman("network", "exists", project.network, check=False).returncode != 0:
        podman("network", "create", "--label", f"com.docker.compose.project={project.name}",
               project.network)  # fmt: skip
    for volume in project.data.get("volumes") or {}:
        full = f"{project.name}_{volume}"
        if podman("volume", "exists", full, check=False).returncode != 0:
            podman("volume", "create", "--label",
                   f"com.docker.compose.project={project.name}", full)  # fmt: skip
    existing = {c["Names"][0]: c for c in project_containers(project)}
    for service in project.order():
        for dependency, condition in project.depends_on(service).items():
            for number in range(1, project.replicas(dependency, scale) + 1):
                name = project.container(dependency, number)
                if condition == "service_healthy":
                    wait_healthy(project, name, dependency)
                elif condition == "service_completed_successfully":
                    wait_completed(name)
        for number in range(1, project.replicas(service, scale) + 1):
            name = project.container(service, number)
            if name in existing:
                if existing[name].get("State") != "running" and (
                    project.services[service].get("restart", "no") != "no"
                ):
                    podman("start", name)
                print(f"{name}: exists")
                continue
            podman(*project.run_args(service, number))
            print(f"{name}: started")


def down(project: Project, volumes: bool) -> None:
    """Stop and remove the project's containers and network (and volumes with ``-v``)."""
    for container in reversed(project_containers(project)):
        name = container["Names"][0]
        service = container.get("Labels", {}).get("com.docker.compose.service", "")
        grace = project.services.get(service, {}).get("stop_grace_period", "10s")
        podman("stop", "--time", str(int(seconds(grace))), name, check=False)
        podman("rm", "--force", name, check=False)
        print(f"{name}: removed")
    podman("network", "rm", "--force", project.network, check=False)
    if volumes:
        for volume in project.data.get("volumes") or {}:
            podman("volume", "rm", "--force", f"{project.name}_{volume}", check=False)


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="deploy/compose.py", description=__doc__.split("\n")[0])
    parser.add_argument("-p", "--project-name")
    parser.add_argument("--project-directory", type=Path, default=Path.cwd())
    commands = parser.add_subparsers(dest="command", required=True)
    up_parser = commands.add_parser("up", help="create and start the services")
    up_parser.add_argument("--scale", action="append", default=[], metavar="SERVICE=N")
    commands.add_parser("ps", help="the project's containers")
    logs_parser = commands.add_parser("logs", help="a service's output")
    logs_parser.add_argument("service")
    down_parser = commands.add_parser("down", help="stop and remove the containers")
    down_parser.add_argument("-v", "--volumes", action="store_true")
    args = parser.parse_args(argv)
    try:
        project = Project(args.project_directory.resolve(), args.project_name)
        if args.command == "up":
            scale = {s.split("=")[0]: int(s.split("=")[1]) for s in args.scale}
            up(project, scale)
        elif args.command == "down":
            down(project, args.volumes)
        elif args.command == "ps":
            for container in project_containers(project):
                print(
                    f"{container['Names'][0]}\t{container.get('State')}\t{container.get('Status')}"
                )
        else:
            for number in range(1, project.replicas(args.service, {}) + 1):
                result = podman("logs", project.container(args.service, number), check=False)
                sys.stdout.write(result.stdout + result.stderr)
    except ComposeError as exc:
        print(f"compose: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
