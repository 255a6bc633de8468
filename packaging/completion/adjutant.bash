# bash completion for adjutant. The program says what each word may be
# (`adjutant help --complete INDEX WORD...`, src/cli/completion.h): commands,
# options, game folders, side names, scenarios; the shell adds file or
# folder names when it asks for them.
_adjutant() {
  local cur=${COMP_WORDS[COMP_CWORD]} out kind word
  COMPREPLY=()
  # `--out=FILE`: bash splits at "=", and the value is a file name.
  if [[ $cur == = || ${COMP_WORDS[COMP_CWORD - 1]} == = ]]; then
    [[ $cur == = ]] && cur=
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return 0
  fi
  # The words before it, with "--opt" "=" "value" joined again.
  local -a words=()
  local i
  for ((i = 0; i < COMP_CWORD; i++)); do
    if ((i > 0)) && [[ ${COMP_WORDS[i]} == = || ${COMP_WORDS[i - 1]} == = ]]; then
      words[-1]+=${COMP_WORDS[i]}
    else
      words+=("${COMP_WORDS[i]}")
    fi
  done
  out=$("${COMP_WORDS[0]}" help --complete "${#words[@]}" "${words[@]}" "$cur" 2>/dev/null) || return 0
  kind=${out%%$'\n'*}
  while IFS= read -r word; do
    [[ -n $word && $word == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$word")")
  done < <(printf '%s\n' "$out" | tail -n +2)
  case $kind in
    files)
      compopt -o filenames 2>/dev/null
      mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
      ;;
    dirs)
      compopt -o filenames 2>/dev/null
      mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$cur")
      ;;
  esac
  # A folder to look into (it ends in "/") takes no space after it.
  if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}
complete -F _adjutant adjutant
