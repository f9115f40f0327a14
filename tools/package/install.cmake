# SPDX-License-Identifier: GPL-3.0-or-later
# `cmake --install build/release --prefix P`: the engine libraries (static, position-independent)
# with their headers under P/include/tavla (#include "engine/board.h", ...), the programs, and a
# CMake package: find_package(tavla) gives tavla::engine, tavla::eval, tavla::bearoff and
# tavla::rollout (each brings what it depends on; tavla::options carries the instruction set and
# -ffp-contract=off that gnubg-exact arithmetic needs). tests/install_consumer builds against it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(tavla_package_libraries tavla_engine tavla_eval tavla_bearoff tavla_rollout)
set_target_properties(tavla_options PROPERTIES EXPORT_NAME options)
foreach(lib ${tavla_package_libraries})
  string(REPLACE "tavla_" "" name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${name} OUTPUT_NAME ${lib})
endforeach()

install(TARGETS tavla_options ${tavla_package_libraries} EXPORT tavlaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tavla)
foreach(area engine eval bearoff rollout)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${area}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tavla/${area}
          FILES_MATCHING PATTERN "*.h")
endforeach()
install(EXPORT tavlaTargets NAMESPACE tavla:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tavla)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/tavlaConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/package/tavlaConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tavla)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/tavlaConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/package/tavlaConfig.cmake
              ${CMAKE_BINARY_DIR}/package/tavlaConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tavla)

foreach(prog tavla makebearoff makehyper)
  if(TARGET ${prog})
    install(TARGETS ${prog} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
