INSTALLED_APPS = ["blog"]

# The user model receivers name through settings.AUTH_USER_MODEL.
AUTH_USER_MODEL = "blog.Author"
