print("owl-bench")
try RenderBenchmarks.run()
