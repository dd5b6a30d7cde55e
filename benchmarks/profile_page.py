"""Profile one dashboard page at 10,000 entries: python benchmarks/profile_page.py /memory/reverify/"""
import time, tempfile, sys, cProfile, pstats
sys.path.insert(0, "/work/main")
from pathlib import Path
from benchmarks.corpus import build_target
from dialectical_memory.web import create_app
home = Path(tempfile.mkdtemp())/"home"
build_target(home, "memory", 10000, time.time())
build_target(home, "user", 1000, time.time(), seed=11)
app = create_app({"MEMORY_HOME": str(home)})
c = app.test_client()
url = sys.argv[1]
for _ in range(2): c.get(url, headers={"Host":"127.0.0.1:5000"})
t=time.perf_counter(); r=c.get(url, headers={"Host":"127.0.0.1:5000"}); print(url, r.status_code, (time.perf_counter()-t)*1000, "ms", len(r.data))
cProfile.run("c.get(url, headers={'Host':'127.0.0.1:5000'})", "/tmp/pp")
pstats.Stats("/tmp/pp").sort_stats("cumtime").print_stats(25)
