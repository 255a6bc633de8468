# The Debian package (`make deb`): cpack's DEB generator over the install
# rules of packaging/install.cmake, with the prefix /usr. Depends: what
# dpkg-shlibdeps finds for the program, the libraries it loads at run time
# (libcurl, cairo, FreeType: dlopen-depends.sh), the DejaVu fonts the maps
# are drawn with, and adduser for the judge's user (debian/postinst).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME adjutant)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "adjutant")
set(CPACK_PACKAGE_CONTACT "${ADJUTANT_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "play-by-email host and adjudicator for Civil War wargames")
# The long description; cpack puts the summary above it as the synopsis.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "adjutant hosts and adjudicates American Civil War board wargames played by
e-mail: signed JSON order files, dice that anybody can re-derive, a
hash-chained game archive that `adjutant verify` proves line by line, maps,
reports and replay pages. It plays the Blue & Gray system, Avalon Hill's
Chancellorsville (1961) and Chaos of Battle.

The package also holds the judge, an unattended host for umpired games, as
a systemd service that stays disabled until it is enabled.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_PREFIX /usr)
# Install into the staging folder by DESTDIR, so that /etc and /lib/systemd
# land in the package and nothing outside it is touched.
set(CPACK_SET_DESTDIR ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  ${CMAKE_SOURCE_DIR}/packaging/debian/postinst ${CMAKE_SOURCE_DIR}/packaging/debian/prerm
  ${CMAKE_SOURCE_DIR}/packaging/debian/postrm ${CMAKE_SOURCE_DIR}/packaging/debian/conffiles)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR})
# Read by cpack itself (deb-depends.cmake): the run-time libraries' Depends.
set(CPACK_ADJUTANT_SOURCE_DIR ${CMAKE_SOURCE_DIR})
set(CPACK_ADJUTANT_BINARY ${CMAKE_BINARY_DIR}/adjutant)
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_SOURCE_DIR}/packaging/deb-depends.cmake)
include(CPack)
