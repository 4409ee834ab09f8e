def generate_bdd_scenarios(text, extra):  # @def(generateBdd, "generate_bdd_scenarios")
    return []
