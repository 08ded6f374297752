# zsh (pane.run's shell-integration tests) and jq (SKILL.md's recipes, run by SkillRecipesTest).
missing=()
command -v zsh >/dev/null 2>&1 || missing+=(zsh=5.9-4+b15)
command -v jq >/dev/null 2>&1 || missing+=(jq=1.6-2.1+deb12u3)
if [ ${#missing[@]} -gt 0 ]; then
  apt_install "${missing[@]}"
fi
