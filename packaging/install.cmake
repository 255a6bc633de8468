# Installing adjutant: `make install` (cmake --install, with DESTDIR and
# --prefix) and the Debian package (`make deb`, packaging/deb.cmake). What
# goes where:
#   PREFIX/bin/adjutant
#   PREFIX/share/adjutant/scenarios/      the shipped scenarios (cli/data_dir.h)
#   PREFIX/share/man/man1/adjutant*.1.gz  made by the program from its --help
#   PREFIX/share/bash-completion/completions/adjutant, and zsh's _adjutant
#   PREFIX/share/doc/adjutant/            README, docs/, copyright, changelog
#   the judge's systemd units and /etc/adjutant/judge.conf (install-system.cmake)
# The order page's scripts and WebAssembly checker are inside the program.
include(GNUInstallDirs)

set(ADJUTANT_CONFIGURED_DATA_DIR ${CMAKE_INSTALL_FULL_DATADIR}/adjutant)
configure_file(${CMAKE_SOURCE_DIR}/src/cli/install_dirs.cpp.in
  ${CMAKE_BINARY_DIR}/generated/install_dirs.cpp @ONLY)
target_sources(adjutant_cli PRIVATE ${CMAKE_BINARY_DIR}/generated/install_dirs.cpp)
set_source_files_properties(${CMAKE_BINARY_DIR}/generated/install_dirs.cpp PROPERTIES
  SKIP_UNITY_BUILD_INCLUSION ON SKIP_PRECOMPILE_HEADERS ON)

# The manual pages, written by the program from its own --help at every
# build that changes it, then compressed as Debian installs them.
set(ADJUTANT_MAN_DIR ${CMAKE_BINARY_DIR}/man)
add_custom_command(OUTPUT ${ADJUTANT_MAN_DIR}/.stamp
  COMMAND $<TARGET_FILE:adjutant> help --man-dir ${ADJUTANT_MAN_DIR}
  COMMAND sh -c "rm -f *.1.gz && gzip -9nk *.1" WORKING_DIRECTORY ${ADJUTANT_MAN_DIR}
  COMMAND ${CMAKE_COMMAND} -E touch ${ADJUTANT_MAN_DIR}/.stamp
  DEPENDS adjutant COMMENT "Manual pages from adjutant's --help" VERBATIM)
add_custom_target(adjutant_man ALL DEPENDS ${ADJUTANT_MAN_DIR}/.stamp)
# The tests read them, and install them.
add_dependencies(adjutant_tests adjutant_man)

# The Debian changelog (the package's changelog.gz), from docs/releases.md.
set(ADJUTANT_MAINTAINER "adjutant maintainers <adjutant@example.org>" CACHE STRING
  "The package's maintainer, and the signer of its changelog entries")
set(ADJUTANT_CHANGELOG ${CMAKE_BINARY_DIR}/packaging/changelog.gz)
add_custom_command(OUTPUT ${ADJUTANT_CHANGELOG}
  COMMAND ${CMAKE_COMMAND} -DRELEASES=${CMAKE_SOURCE_DIR}/docs/releases.md
    -DOUT=${CMAKE_BINARY_DIR}/packaging/changelog -DMAINTAINER=${ADJUTANT_MAINTAINER}
    -DVERSION=${PROJECT_VERSION} -P ${CMAKE_SOURCE_DIR}/packaging/changelog.cmake
  COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/packaging/changelog
  DEPENDS ${CMAKE_SOURCE_DIR}/docs/releases.md ${CMAKE_SOURCE_DIR}/packaging/changelog.cmake
  COMMENT "Debian changelog from docs/releases.md" VERBATIM)
add_custom_target(adjutant_changelog ALL DEPENDS ${ADJUTANT_CHANGELOG})

install(TARGETS adjutant RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/scenarios/ DESTINATION ${CMAKE_INSTALL_DATADIR}/adjutant/scenarios)
install(DIRECTORY ${ADJUTANT_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
  FILES_MATCHING PATTERN "*.1.gz")
install(FILES ${CMAKE_SOURCE_DIR}/packaging/completion/adjutant.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME adjutant)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/packaging/debian/copyright
  ${ADJUTANT_CHANGELOG} DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs DESTINATION ${CMAKE_INSTALL_DOCDIR})
# What depends on the prefix given at install time rather than at configure
# time: the units, judge.conf and zsh's completion folder.
install(CODE "set(ADJUTANT_PACKAGING \"${CMAKE_SOURCE_DIR}/packaging\")
set(ADJUTANT_BINDIR \"${CMAKE_INSTALL_BINDIR}\")
set(ADJUTANT_DOCDIR \"${CMAKE_INSTALL_DOCDIR}\")")
install(SCRIPT ${CMAKE_SOURCE_DIR}/packaging/install-system.cmake)

include(${CMAKE_SOURCE_DIR}/packaging/deb.cmake)
