# Read by cpack (CPACK_PROJECT_CONFIG_FILE, packaging/deb.cmake): the Depends
# line beyond what dpkg-shlibdeps reads from the program's own links.
if(CPACK_GENERATOR STREQUAL "DEB")
  execute_process(
    COMMAND sh ${CPACK_ADJUTANT_SOURCE_DIR}/packaging/dlopen-depends.sh ${CPACK_ADJUTANT_BINARY}
    OUTPUT_VARIABLE loaded RESULT_VARIABLE status OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT status EQUAL 0 OR loaded STREQUAL "")
    message(FATAL_ERROR "packaging/dlopen-depends.sh failed: the Depends of libcurl, cairo and FreeType")
  endif()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${loaded}, fonts-dejavu-core, adduser")
endif()
