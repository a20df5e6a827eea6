print("owl-site")
