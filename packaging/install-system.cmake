# Run by `cmake --install` (packaging/install.cmake): the files whose place
# follows the prefix chosen at install time. With the prefix /usr (the Debian
# package), /etc/adjutant/judge.conf, /lib/systemd/system and zsh's
# vendor-completions; with any other (/usr/local), PREFIX/etc,
# PREFIX/lib/systemd/system and site-functions, where systemd and zsh look too.
set(prefix "${CMAKE_INSTALL_PREFIX}")
if(prefix STREQUAL "/usr")
  set(etc /etc)
  set(units /lib/systemd/system)
  set(zsh ${prefix}/share/zsh/vendor-completions)
else()
  set(etc ${prefix}/etc)
  set(units ${prefix}/lib/systemd/system)
  set(zsh ${prefix}/share/zsh/site-functions)
endif()
set(ADJUTANT_BIN "${prefix}/${ADJUTANT_BINDIR}/adjutant")
set(ADJUTANT_CONF "${etc}/adjutant/judge.conf")
set(ADJUTANT_DOC "${prefix}/${ADJUTANT_DOCDIR}")

function(adjutant_place source target configure)
  set(file "$ENV{DESTDIR}${target}")
  message(STATUS "Installing: ${file}")
  if(configure)
    configure_file("${source}" "${file}" @ONLY)
  else()
    file(COPY_FILE "${source}" "${file}")
  endif()
  file(CHMOD "${file}" PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${file}")
  set(CMAKE_INSTALL_MANIFEST_FILES "${CMAKE_INSTALL_MANIFEST_FILES}" PARENT_SCOPE)
endfunction()

file(MAKE_DIRECTORY "$ENV{DESTDIR}${units}" "$ENV{DESTDIR}${etc}/adjutant" "$ENV{DESTDIR}${zsh}")
adjutant_place("${ADJUTANT_PACKAGING}/adjutant-judge.service.in" "${units}/adjutant-judge.service" ON)
adjutant_place("${ADJUTANT_PACKAGING}/adjutant-judge.timer.in" "${units}/adjutant-judge.timer" ON)
adjutant_place("${ADJUTANT_PACKAGING}/completion/_adjutant" "${zsh}/_adjutant" OFF)
# A judge.conf already there is the operator's: kept as it is.
if(EXISTS "$ENV{DESTDIR}${ADJUTANT_CONF}")
  message(STATUS "Up-to-date (kept): $ENV{DESTDIR}${ADJUTANT_CONF}")
else()
  adjutant_place("${ADJUTANT_PACKAGING}/judge.conf" "${ADJUTANT_CONF}" OFF)
endif()
