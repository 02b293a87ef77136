// sb_cxx.cc — store buffering in C++ (options.sh: the specs file with g++).
#include <pthread.h>
#include <cstdio>

int x, y, r0, r1;

extern "C" void *P0(void *) { x = 1; r0 = y; return nullptr; }
extern "C" void *P1(void *) { y = 1; r1 = x; return nullptr; }

int main()
{
  pthread_t a, b;
  pthread_create(&a, nullptr, P0, nullptr);
  pthread_create(&b, nullptr, P1, nullptr);
  pthread_join(a, nullptr);
  pthread_join(b, nullptr);
  std::printf("%d %d\n", r0, r1);
  return 0;
}
