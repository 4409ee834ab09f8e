def find_requirements_class(module):
    for attr_name in dir(module):
        obj = getattr(module, attr_name)
        if hasattr(obj, 'refusal') and isinstance(obj, type):  # @mention(requirementsRefusal, "'refusal'")
            return obj
    return None
