"""Run maintenance from the dashboard: a background job with progress, never a stalled dashboard."""

from __future__ import annotations

import threading

import pytest

from dialectical_memory.detection import Label, Verdict

WAIT = 60  # seconds a job may take on a loaded CI machine before the test gives up


class GatedDetector:
    """Finds nothing; inside a maintenance job it first waits at a gate the test opens (or fails)."""

    name = "gated"

    def __init__(self):
        self.gate = threading.Event()
        self.reached = threading.Event()
        self.fail = False

    def compare(self, a: str, b: str) -> Verdict:
        if threading.current_thread().name.startswith("dmem-maintenance"):
            self.reached.set()
            if not self.gate.wait(WAIT):
                raise AssertionError("the test never opened the gate")
            if self.fail:
                raise RuntimeError("detector exploded")
        return Verdict(Label.UNRELATED, 0.0, "", "")


@pytest.fixture
def detector():
    return GatedDetector()


@pytest.fixture
def app_config(detector):
    return {"DETECTOR": detector}


@pytest.fixture
def jobs(app):
    return app.extensions["dmem_maintenance"]


def unchecked_entries(store, n=3):
    """Entries the quick check saw but maintenance's deep check has not: work for the job."""
    for i in range(n):
        store.add("memory", f"User repaired bicycle number {i} on Sunday.")


def test_a_started_job_answers_at_once_and_polls_until_its_report(post, client, app_store, jobs, detector):
    unchecked_entries(app_store)
    response = post("/memory/maintenance/", htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="maintenance-report"')
    assert 'hx-trigger="every 1s"' in html and "running in the background" in html
    assert "Maintenance of memory started." in html
    assert detector.reached.wait(WAIT)
    running = client.get("/memory/maintenance/", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "hx-get=" in running and "<progress" in running
    detector.gate.set()
    assert not jobs.wait("memory", WAIT).running
    done = client.get("/memory/maintenance/", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Maintenance of memory done" in done
    assert "hx-trigger" not in done  # polling stops with the report


def test_the_dashboard_serves_and_writes_while_maintenance_runs(post, client, app_store, jobs, detector, disk):
    unchecked_entries(app_store)
    post("/memory/maintenance/", htmx=True)
    assert detector.reached.wait(WAIT)
    assert jobs.latest("memory").running
    assert client.get("/memory/entries/").status_code == 200
    added = post("/memory/entries/", {"text": "User keeps a paper diary."})
    assert added.status_code == 303
    assert "User keeps a paper diary." in disk.md()
    detector.gate.set()
    job = jobs.wait("memory", WAIT)
    assert job.error is None and job.report["target"] == "memory"
    assert "User keeps a paper diary." in disk.md()  # the job's steps merged it, never overwrote it


def test_a_second_start_while_running_joins_the_running_job(post, app_store, jobs, detector):
    unchecked_entries(app_store)
    post("/memory/maintenance/", htmx=True)
    assert detector.reached.wait(WAIT)
    first = jobs.latest("memory")
    again = post("/memory/maintenance/", htmx=True).get_data(as_text=True)
    assert "already running" in again
    assert jobs.latest("memory") is first
    detector.gate.set()
    jobs.wait("memory", WAIT)


def test_the_jobs_results_reach_the_dashboards_own_store(post, client, app_store, jobs, detector):
    app_store.add("memory", "User is on holiday.", knowledge_type="state")
    detector.gate.set()
    post("/memory/maintenance/", htmx=True)
    job = jobs.wait("memory", WAIT)
    assert job.report is not None
    assert app_store.get_entry_meta("memory", "User is on holiday.").deep_checked


def test_without_javascript_start_redirects_and_the_overview_shows_the_report(post, client, jobs, detector):
    detector.gate.set()
    response = post("/memory/maintenance/")
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Maintenance of memory started." in page
    jobs.wait("memory", WAIT)
    page = client.get("/memory/").get_data(as_text=True)
    assert "Maintenance of memory done" in page
    assert "Run maintenance" in page


def test_a_failed_job_says_so_and_a_new_one_can_start(post, client, app_store, jobs, detector):
    unchecked_entries(app_store)
    detector.fail = True
    detector.gate.set()
    post("/memory/maintenance/", htmx=True)
    job = jobs.wait("memory", WAIT)
    assert job.error and "detector exploded" in job.error
    html = client.get("/memory/maintenance/", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "stopped" in html and "detector exploded" in html
    detector.fail = False
    post("/memory/maintenance/", htmx=True)
    assert jobs.wait("memory", WAIT).report is not None


def test_starting_maintenance_needs_the_csrf_token(client, jobs):
    response = client.post("/memory/maintenance/", data={})
    assert response.status_code in (400, 403)
    assert jobs.latest("memory") is None
