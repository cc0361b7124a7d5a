# `cmake --install build --prefix P`: the CMake package ChadOracle (README, "Use it from your own
# tests (CMake)"). Installs
#   P/bin/chad-oracle                           the command-line tool
#   P/include/chad-oracle/<folder>/*.hpp        every library's headers, in the source tree's
#                                               layout, so that "verify/verify.hpp" resolves
#                                               with the one include directory P/include/chad-oracle
#   P/lib/libchad_<folder>.a                    the static libraries
#   P/lib/cmake/ChadOracle/                     ChadOracleConfig.cmake, its version file, and the
#                                               exported targets ChadOracle::<folder>
#   P/share/man/man1/chad-oracle.1              the man page, when help2man is installed
# Included by the top CMakeLists.txt after every library is defined.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CHAD_INSTALL_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/chad-oracle)
set(CHAD_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ChadOracle)

# One exported target per library folder: chad_<folder> is ChadOracle::<folder>.
set(CHAD_PACKAGE_FOLDERS syntax chad generators model semantics target_semantics diagrams logrel references
                         codegen judge adapter_client cost oracle triage verify
                         mutants campaigns reports api)
set(CHAD_PACKAGE_TARGETS chad_codegen_runtime)
foreach(folder ${CHAD_PACKAGE_FOLDERS})
  list(APPEND CHAD_PACKAGE_TARGETS chad_${folder})
  set_target_properties(chad_${folder} PROPERTIES EXPORT_NAME ${folder})
  file(GLOB headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.hpp ${PROJECT_SOURCE_DIR}/${folder}/*.h)
  install(FILES ${headers} DESTINATION ${CHAD_INSTALL_INCLUDE_DIR}/${folder})
endforeach()
set_target_properties(chad_codegen_runtime PROPERTIES EXPORT_NAME codegen_runtime)
# CHAD's target evaluator is linked whole through an interface target (target_semantics/):
# ChadOracle::target_semantics is that interface, ChadOracle::target_semantics_archive the library.
set_target_properties(chad_target_semantics PROPERTIES EXPORT_NAME target_semantics_archive)
set_target_properties(chad_target_semantics_whole PROPERTIES EXPORT_NAME target_semantics)
list(APPEND CHAD_PACKAGE_TARGETS chad_target_semantics_whole)
# The generated code's runtime: included by generated kernels as "chad_runtime.hpp".
install(DIRECTORY ${PROJECT_SOURCE_DIR}/codegen/runtime/ DESTINATION ${CHAD_INSTALL_INCLUDE_DIR}/codegen/runtime
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")

install(TARGETS ${CHAD_PACKAGE_TARGETS} EXPORT ChadOracleTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CHAD_INSTALL_INCLUDE_DIR})
# Component `tool`: what the Python package's wheel ships (pyproject.toml, install.components).
install(TARGETS chad-oracle RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tool)
if(SKBUILD)  # the wheel (pyproject.toml): the example programs check-adapter judges, beside the tool
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION share/examples COMPONENT tool)
endif()
install(EXPORT ChadOracleTargets NAMESPACE ChadOracle:: DESTINATION ${CHAD_INSTALL_CMAKE_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ChadOracleConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/ChadOracleConfig.cmake
                              INSTALL_DESTINATION ${CHAD_INSTALL_CMAKE_DIR}
                              PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ChadOracleConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ChadOracleConfig.cmake ${PROJECT_BINARY_DIR}/ChadOracleConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/ChadOracleNumericLibraries.cmake
        DESTINATION ${CHAD_INSTALL_CMAKE_DIR})

# The man page: help2man (Debian help2man) runs `chad-oracle --help` and `--version` after the
# tool is built; each subcommand's --help is added as a section (ChadOracleManSubcommands.cmake). Without help2man at configure time there is no man page (said here).
find_program(HELP2MAN_EXECUTABLE help2man)
if(HELP2MAN_EXECUTABLE)
  set(CHAD_MAN_PAGE ${PROJECT_BINARY_DIR}/man/chad-oracle.1)
  add_custom_command(
    OUTPUT ${CHAD_MAN_PAGE}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:chad-oracle> -DOUTPUT=${PROJECT_BINARY_DIR}/man/subcommands.h2m
            -P ${PROJECT_SOURCE_DIR}/cmake/ChadOracleManSubcommands.cmake
    COMMAND ${HELP2MAN_EXECUTABLE} --no-info --no-discard-stderr
            --name "a test oracle for automatic differentiation (CHAD)"
            --include ${PROJECT_SOURCE_DIR}/cmake/chad-oracle.h2m --include ${PROJECT_BINARY_DIR}/man/subcommands.h2m
            --output ${CHAD_MAN_PAGE} $<TARGET_FILE:chad-oracle>
    DEPENDS chad-oracle ${PROJECT_SOURCE_DIR}/cmake/chad-oracle.h2m ${PROJECT_SOURCE_DIR}/cmake/ChadOracleManSubcommands.cmake
    COMMENT "Generating the man page chad-oracle.1 (help2man)"
    VERBATIM)
  add_custom_target(chad-oracle-man ALL DEPENDS ${CHAD_MAN_PAGE})
  install(FILES ${CHAD_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man not found (Debian help2man): the man page chad-oracle.1 is not generated")
endif()
