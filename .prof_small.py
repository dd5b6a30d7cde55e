import cProfile, pstats, tempfile, time, sys
from pathlib import Path
sys.path.insert(0, '.')
from benchmarks.shared_words import build_small_home
from dialectical_memory.store.memory_store import MemoryStore
corpus = sys.argv[1]; size=int(sys.argv[2])
with tempfile.TemporaryDirectory() as tmp:
    home = Path(tmp)/"ours"
    note = build_small_home(home, size, corpus, time.time())
    from benchmarks.run import _fresh_store
    store = _fresh_store(home)
    for w in ("Warm-up entry that builds the candidate index", note(0)):
        store.add("memory", w); store.remove("memory", w)
    pr = cProfile.Profile()
    for i in range(1, 200):
        t = note(i)
        pr.enable(); store.add("memory", t); pr.disable()
        store.remove("memory", t)
    st = pstats.Stats(pr); st.sort_stats('tottime').print_stats(35)
    st.sort_stats('cumtime').print_stats(60)
