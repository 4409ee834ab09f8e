NOTIFY = "proj.tasks.notify"
