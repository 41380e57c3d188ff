# tts_install_etc(FILE SOURCE DESTINATION SUBDIR [RENAME NAME] COMPONENT C)
# Installs a configuration file under /etc when the prefix is /usr (the packages' and
# `cmake --install --prefix /usr`), else under PREFIX/etc. Decided when installing, since
# CPack installs with its own prefix whatever the build was configured with.
function(tts_install_etc)
  cmake_parse_arguments(E "" "FILE;DESTINATION;RENAME;COMPONENT" "" ${ARGN})
  get_filename_component(source ${E_FILE} ABSOLUTE)
  if(NOT E_RENAME)
    get_filename_component(E_RENAME ${E_FILE} NAME)
  endif()
  install(CODE "
    get_filename_component(name \"\${CMAKE_INSTALL_PREFIX}\" NAME)
    get_filename_component(parent \"\${CMAKE_INSTALL_PREFIX}\" DIRECTORY)
    set(etc \"\${CMAKE_INSTALL_PREFIX}/etc\")
    if(name STREQUAL usr)
      string(REGEX REPLACE \"/$\" \"\" parent \"\${parent}\")
      set(etc \"\${parent}/etc\")
    endif()
    file(INSTALL \"${source}\" DESTINATION \"\${etc}/${E_DESTINATION}\" RENAME ${E_RENAME})
  " COMPONENT ${E_COMPONENT})
endfunction()
