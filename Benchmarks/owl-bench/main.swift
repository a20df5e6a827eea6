print("owl-bench")
