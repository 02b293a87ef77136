# plugin/cross.mk — build wmmfence.so for another GCC of the same version
# (a cross compiler) next to the main build, reusing its core libraries
# (host code either way: the plugin runs inside the cross cc1 on this
# machine).  GNU make; plugin/Makefile.inc runs it for every compiler that
# configure found (WMM_CROSS_TARGETS):
#   make -f ../plugin/cross.mk SRCDIR=.. TRIPLE=aarch64-linux-gnu MAJOR=12 \
#        CXX=g++-12 CXXFLAGS_COMMON='...' SRCS='plugin/a.cc ...' \
#        HDRS='...' CORE='analysis/libwmmanalysis.a ...' LIBS=-lglpk
# Output: plugin/cross/TRIPLE/wmmfence.so, wmmfence-bmc.so (the host's model
# checker, copied) and wmmfence.specs (pointing at the plugin).
OUT := plugin/cross/$(TRIPLE)
GCC := $(TRIPLE)-gcc-$(MAJOR)
PLUGIN_DIR := $(shell $(GCC) -print-file-name=plugin)
CPU := $(if $(filter x86_64% i%86%,$(TRIPLE)),x86,$(if $(filter powerpc%,$(TRIPLE)),ppc,$(if $(filter aarch64%,$(TRIPLE)),aarch64,$(if $(filter arm%,$(TRIPLE)),arm,other))))
OBJS := $(patsubst plugin/%.cc,$(OUT)/%.o,$(SRCS))

all: $(OUT)/wmmfence.so $(OUT)/wmmfence-bmc.so $(OUT)/wmmfence.specs

# The model checker (bmcload.cc) is the host's, the same for every target.
$(OUT)/wmmfence-bmc.so: plugin/wmmfence-bmc.so
	@mkdir -p $(OUT)
	@cp plugin/wmmfence-bmc.so $@

$(OUT)/%.o: $(SRCDIR)/plugin/%.cc $(HDRS) $(SRCDIR)/plugin/cross.mk
	@mkdir -p $(OUT)
	@echo "  CXX      $@"
	@$(CXX) $(CXXFLAGS_COMMON) -I$(PLUGIN_DIR)/include -DWMM_TARGET_CPU='"$(CPU)"' -c -o $@ $<

$(OUT)/wmmfence.so: $(OBJS) $(CORE)
	@echo "  CXXLD    $@"
	@$(CXX) -shared -o $@ $(OBJS) -Wl,--start-group $(CORE) -Wl,--end-group $(LIBS)

$(OUT)/wmmfence.specs: $(SRCDIR)/plugin/mkspecs.sh
	@mkdir -p $(OUT)
	@sh $(SRCDIR)/plugin/mkspecs.sh $(abspath $(OUT))/wmmfence.so > $@.tmp && mv $@.tmp $@

.PHONY: all
